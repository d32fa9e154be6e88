/** Every query of the plan sits under this key, so a change refreshes the page, its filters and the card. */
export const PLAN_KEY = ['plan'] as const;

/** Every query of What Vidvisor knows sits under this key, so a change refreshes the page and the chips. */
export const MEMORY_KEY = ['memory'] as const;

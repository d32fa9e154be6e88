/** Every query of followed channels sits under this key. */
export const CHANNELS_KEY = ['channels'] as const;

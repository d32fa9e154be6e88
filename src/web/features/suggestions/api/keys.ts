/** Every suggestions query sits under this key; the admin's picks under its own. */
export const SUGGESTIONS_KEY = ['suggestions'] as const;
export const ADMIN_PICKS_KEY = ['admin', 'suggestions'] as const;

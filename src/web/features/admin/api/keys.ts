/** Every admin query key starts here; a user's data sits under adminUserKey(id) so it can be dropped at once. */
export const ADMIN_KEY = ['admin'] as const;
export const adminUserKey = (userId: string) => [...ADMIN_KEY, 'user', userId] as const;

import type { DatabaseHandle } from '../../db/client';

/**
 * Subscription changes reach open browsers through this channel: PostgreSQL LISTEN/NOTIFY across
 * processes (PGlite: in-process). The payload is the user id; listeners reload from the database.
 */
const CHANNEL = 'billing_changes';

export async function announceBillingChange(database: DatabaseHandle, userId: string): Promise<void> {
  await database.notify(CHANNEL, userId);
}

export function onBillingChange(
  database: DatabaseHandle,
  userId: string,
  handler: () => void,
): Promise<() => Promise<void>> {
  return database.listen(CHANNEL, (payload) => {
    if (payload === userId) handler();
  });
}

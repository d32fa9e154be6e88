import type { MemoryKind } from '../../shared/schemas/memory';
import type { Database } from '../db/client';
import { countAndNextNumber, insertMemories, lockUser } from '../features/memory/memory.queries';

/**
 * A memory typed by the user, stored straight in the table after their others: past the cap of 200,
 * which route tables and the fuzz suite, making one per request, would reach (the API keeps the cap).
 */
export async function insertMemory(
  db: Database,
  userId: string,
  statement: string,
  kind: MemoryKind = 'fact',
) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const { next } = await countAndNextNumber(tx, userId);
    const [row] = await insertMemories(tx, userId, next, [{ statement, kind, origin: 'typed' }]);
    return row!;
  });
}

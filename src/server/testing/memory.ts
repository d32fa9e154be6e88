import type { MemoryKind } from '../../shared/schemas/memory';
import type { Database } from '../db/client';
import { rememberAll } from '../features/memory/memory.service';

/** A memory typed by the user, stored through the service; its row. */
export async function insertMemory(
  db: Database,
  userId: string,
  statement: string,
  kind: MemoryKind = 'fact',
) {
  const [row] = await rememberAll(db, userId, [{ statement, kind, origin: 'typed' }], 'refuse');
  return row!;
}

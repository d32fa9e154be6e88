import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { waitFor } from '../testing/consult';
import { openTestDatabase, usingPostgres } from '../testing/test-database';
import { createAdmission, DATABASE_WAITING_PER_CONNECTION_MAX, nodePressure } from './admission';

/**
 * A process whose database pool is saturated refuses new replies: their queries would queue behind the
 * pool and fail on its connection timeout mid-reply. The pool is filled by transactions the test holds
 * open, never by load. PostgreSQL only: PGlite has no pool (its queue is event-loop delay).
 */

const POOL_SIZE = 2;
/** Only the database bound can refuse here. */
const LIMITS = {
  maxReplies: 1_000,
  maxEventLoopDelayMs: 60_000,
  maxHeapShare: 1,
  maxDatabaseWaitingPerConnection: DATABASE_WAITING_PER_CONNECTION_MAX,
};

/** Transactions holding every pooled connection until `release`. */
function holdEveryConnection(database: DatabaseHandle) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding: Promise<void>[] = [];
  const done = Array.from({ length: POOL_SIZE }, () => {
    let hold!: () => void;
    holding.push(new Promise<void>((resolve) => (hold = resolve)));
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      hold();
      await released;
    });
  });
  return { holding: Promise.all(holding), release, done: Promise.all(done) };
}

describe.skipIf(!usingPostgres())('admission while the database pool is saturated', () => {
  let server: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: DatabaseHandle;
  beforeAll(async () => {
    server = await openTestDatabase();
    database = await openDatabase({ url: server.url!, poolSize: POOL_SIZE });
  });
  afterAll(async () => {
    await database?.close();
    await server?.close();
  });

  it('refuses a new reply while more queries wait than the pool holds, and admits once they ran', async () => {
    const pressure = nodePressure(() => database.queriesWaitingPerConnection());
    const admission = createAdmission(LIMITS, pressure);
    try {
      const held = holdEveryConnection(database);
      await held.holding;
      const queued = (n: number) => Array.from({ length: n }, async () => database.db.execute(sql`select 1`));
      const waiting = queued(POOL_SIZE);
      await waitFor(async () => (database.queriesWaitingPerConnection() === 1 ? true : undefined));
      expect(admission.fullReason()).toBeUndefined();

      waiting.push(...queued(1));
      await waitFor(async () => (database.queriesWaitingPerConnection() > 1 ? true : undefined));
      expect(admission.admit()).toBeUndefined();
      expect(admission.fullReason()).toBe('database');
      expect(admission.repliesInFlight).toBe(0);

      held.release();
      await Promise.all([held.done, ...waiting]);
      expect(database.queriesWaitingPerConnection()).toBe(0);
      expect(admission.admit()).toBeTypeOf('function');
      expect(admission.repliesInFlight).toBe(1);
    } finally {
      admission.close();
    }
  });
});

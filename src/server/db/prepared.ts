import type { Executor } from './client';

/**
 * A hot query built once per database as a drizzle prepared query: its SQL is not rebuilt on every
 * request, and PostgreSQL plans it once per connection.
 */
export function preparedFor<Prepared>(build: (db: Executor) => Prepared): (db: Executor) => Prepared {
  const byDatabase = new WeakMap<Executor, Prepared>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}

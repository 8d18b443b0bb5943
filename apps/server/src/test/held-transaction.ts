import type { Database, Db } from '../platform/db/client.js';

/**
 * A transaction of "another process" (PostgreSQL only): `take` runs in it, then it stays open — holding the
 * locks `take` took — until `release()`; `done` settles when it has committed.
 */
export const holdTransaction = async (
  database: Database,
  tenantId: number,
  take: (tx: Db) => Promise<unknown>,
): Promise<{ release: () => void; done: Promise<void> }> => {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let taken = () => {};
  const isTaken = new Promise<void>((r) => {
    taken = r;
  });
  const done = database.withTenant(tenantId, async (tx) => {
    await take(tx);
    taken();
    await held;
  });
  // A failing take would leave isTaken pending forever: surface its error instead.
  await Promise.race([isTaken, done]);
  return { release, done };
};

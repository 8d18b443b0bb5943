import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A write that either stored a row or lost a uniqueness race, named by the rule it broke. */
export type Written<R, K extends string> = { row: R } | { conflict: K };

/**
 * Which rule a failed write broke, when it violated one of `indexes` (unique index name → rule). Services
 * check duplicates first; this catches the race their check cannot see. Looks through Drizzle's wrapper.
 */
export const violatedRule = <K extends string>(
  err: unknown,
  indexes: Readonly<Record<string, K>>,
): K | undefined => {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== '23505') continue;
    const text = `${String(constraint ?? '')} ${String(message ?? '')}`;
    for (const [index, rule] of Object.entries(indexes)) if (text.includes(index)) return rule;
  }
  return undefined;
};

/** Runs a write; a violation of one of `indexes` becomes `{conflict}`, nothing written becomes undefined. */
export const guardUnique = async <R, K extends string>(
  indexes: Readonly<Record<string, K>>,
  write: () => Promise<R | undefined>,
): Promise<Written<R, K> | undefined> => {
  try {
    const row = await write();
    return row ? { row } : undefined;
  } catch (err) {
    const conflict = violatedRule(err, indexes);
    if (conflict) return { conflict };
    throw err;
  }
};

/** The audit columns of an update: who, when, and the next version. */
export const bump = (userId: number, version: AnyPgColumn) => ({
  lastUpdatedBy: userId,
  lastUpdateDate: new Date(),
  objectVersionNumber: sql`${version} + 1`,
});

let savepoints = 0;

/**
 * Runs fn so that its failure undoes only its own writes. Plain SAVEPOINT SQL rather than
 * `tx.transaction()`: on PostgreSQL a tenant transaction is opened by hand (one round trip, client.ts), so a
 * Drizzle nested transaction there would issue a second BEGIN and its COMMIT would end the outer one.
 */
export const withSavepoint = async <T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> => {
  savepoints = (savepoints + 1) % 1_000_000;
  const name = sql.raw(`sp_${savepoints}`);
  await db.execute(sql`savepoint ${name}`);
  try {
    const out = await fn(db);
    await db.execute(sql`release savepoint ${name}`);
    return out;
  } catch (err) {
    await db.execute(sql`rollback to savepoint ${name}`);
    throw err;
  }
};

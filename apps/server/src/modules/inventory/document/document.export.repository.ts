import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { users } from '../../identity/identity/index.js';

/** Real names of the users who created the exported documents, by id. */
export const creatorNames = async (db: Db, ids: readonly number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.realName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
};

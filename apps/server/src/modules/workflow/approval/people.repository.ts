import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { rowsOf } from '../../../platform/db/rows.js';

export interface PersonRow {
  id: number;
  realName: string;
  loginName: string;
}

/** Active members of the tenant whose name or login contains `name`, by name; and how many match. */
export const findPeople = async (
  db: Db,
  tenantId: number,
  name: string | undefined,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: PersonRow[]; total: number }> => {
  const like = name ? `%${escapeLike(name)}%` : null;
  const where = sql`m.tenant_id = ${tenantId} and m.enabled and u.enabled
    ${like === null ? sql`` : sql`and (u.real_name ilike ${like} or u.login_name ilike ${like})`}`;
  const page = await db.execute(sql`select u.id, u.real_name, u.login_name from memberships m
    join users u on u.id = m.user_id where ${where}
    order by u.real_name, u.id ${limit === undefined ? sql`` : sql`limit ${limit}`} offset ${offset}`);
  const count = await db.execute(sql`select count(*)::int as n from memberships m
    join users u on u.id = m.user_id where ${where}`);
  return {
    rows: rowsOf<{ id: string | number; real_name: string; login_name: string }>(page).map((r) => ({
      id: Number(r.id),
      realName: r.real_name,
      loginName: r.login_name,
    })),
    total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
  };
};

import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { userMessages } from './notice.tables.js';

export interface MessageRow {
  id: number;
  subject: string;
  content: string;
  userMessageTypeCode: string;
  publishedDate: Date;
  readFlag: number;
}

export interface MessageFilter {
  readFlag?: number | undefined;
  userMessageTypeCode?: string | undefined;
}

const columns = {
  id: userMessages.id,
  subject: userMessages.subject,
  content: userMessages.content,
  userMessageTypeCode: userMessages.userMessageTypeCode,
  publishedDate: userMessages.publishedDate,
  readFlag: userMessages.readFlag,
};

const mine = (tenantId: number, userId: number): SQL =>
  and(eq(userMessages.tenantId, tenantId), eq(userMessages.userId, userId)) as SQL;

export const listMessages = async (
  db: Db,
  tenantId: number,
  userId: number,
  f: MessageFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: MessageRow[]; total: number }> => {
  const where = and(
    mine(tenantId, userId),
    f.readFlag === undefined ? undefined : eq(userMessages.readFlag, f.readFlag),
    f.userMessageTypeCode ? eq(userMessages.userMessageTypeCode, f.userMessageTypeCode) : undefined,
  );
  const q = db
    .select(columns)
    .from(userMessages)
    .where(where)
    .orderBy(desc(userMessages.publishedDate), desc(userMessages.id))
    .offset(offset);
  const rows = limit === undefined ? await q : await q.limit(limit);
  const [c] = await db.select({ n: count() }).from(userMessages).where(where);
  return { rows, total: c?.n ?? 0 };
};

export const countUnreadMessages = async (db: Db, tenantId: number, userId: number): Promise<number> => {
  const [c] = await db
    .select({ n: count() })
    .from(userMessages)
    .where(and(mine(tenantId, userId), eq(userMessages.readFlag, 0)));
  return c?.n ?? 0;
};

export const findMessage = async (
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
): Promise<MessageRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(userMessages)
    .where(and(mine(tenantId, userId), eq(userMessages.id, id)));
  return row;
};

/** Marks the caller's unread messages read (all of them when ids is undefined); answers how many. */
export const markMessagesRead = async (
  db: Db,
  tenantId: number,
  userId: number,
  ids: number[] | undefined,
): Promise<number> => {
  const rows = await db
    .update(userMessages)
    .set({ readFlag: 1, lastUpdatedBy: userId, lastUpdateDate: new Date() })
    .where(
      and(
        mine(tenantId, userId),
        eq(userMessages.readFlag, 0),
        ids === undefined ? undefined : inArray(userMessages.id, ids),
      ),
    )
    .returning({ id: userMessages.id });
  return rows.length;
};

export const insertMessages = async (
  db: Db,
  tenantId: number,
  createdBy: number | null,
  rows: { userId: number; subject: string; content: string; userMessageTypeCode: string }[],
): Promise<number[]> => {
  if (rows.length === 0) return [];
  const out = await db
    .insert(userMessages)
    .values(rows.map((r) => ({ tenantId, ...r, createdBy, lastUpdatedBy: createdBy })))
    .returning({ id: userMessages.id });
  return out.map((r) => r.id);
};

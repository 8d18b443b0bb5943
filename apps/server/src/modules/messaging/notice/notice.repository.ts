import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { bump } from '../../../platform/db/writes.js';
import { noticeReads, notices } from './notice.tables.js';
import { inAudience } from './notice-audience.repository.js';

export interface NoticeRow {
  tenantId: number;
  id: number;
  title: string;
  noticeBody: string;
  statusCode: string;
  noticeCategoryCode: string;
  receiverTypeCode: string;
  publishedDate: Date | null;
  publishedByUser: string | null;
  attachmentUuid: string | null;
  audienceRoleIds: number[];
  audienceUnitIds: number[];
  objectVersionNumber: number;
  readFlag: number;
}

export interface Reader {
  tenantId: number;
  userId: number;
}

export interface VisibleFilter {
  readFlag?: number | undefined;
  noticeCategoryCode?: string | undefined;
  endDate: Date;
}

const readJoin = (r: Reader) =>
  and(
    eq(noticeReads.tenantId, r.tenantId),
    eq(noticeReads.userId, r.userId),
    eq(noticeReads.noticeTenantId, notices.tenantId),
    eq(noticeReads.noticeId, notices.id),
  );

const columns = {
  tenantId: notices.tenantId,
  id: notices.id,
  title: notices.title,
  noticeBody: notices.noticeBody,
  statusCode: notices.statusCode,
  noticeCategoryCode: notices.noticeCategoryCode,
  receiverTypeCode: notices.receiverTypeCode,
  publishedDate: notices.publishedDate,
  publishedByUser: notices.publishedByUser,
  attachmentUuid: notices.attachmentUuid,
  audienceRoleIds: notices.audienceRoleIds,
  audienceUnitIds: notices.audienceUnitIds,
  objectVersionNumber: notices.objectVersionNumber,
  readFlag: sql<number>`(case when ${noticeReads.noticeId} is null then 0 else 1 end)::int`.mapWith(Number),
};

/**
 * Published (or scheduled and due) announcements a reader sees: their tenant's and the platform's (row-level
 * security agrees), addressed to them. A due scheduled one shows at its time even before the job has
 * marked it published; withdrawn ones are gone at once.
 */
const visible = (r: Reader): SQL =>
  and(
    inArray(notices.tenantId, [r.tenantId, PLATFORM_TENANT_ID]),
    inArray(notices.statusCode, ['PUBLISHED', 'SCHEDULED']),
    eq(notices.receiverTypeCode, 'ANNOUNCE'),
    lte(notices.publishedDate, sql`now()`),
    inAudience(r.tenantId, r.userId),
  ) as SQL;

const visibleWhere = (r: Reader, f: VisibleFilter): SQL =>
  and(
    visible(r),
    lte(notices.publishedDate, f.endDate),
    f.noticeCategoryCode ? eq(notices.noticeCategoryCode, f.noticeCategoryCode) : undefined,
    f.readFlag === 0 ? isNull(noticeReads.noticeId) : undefined,
    f.readFlag === 1 ? sql`${noticeReads.noticeId} is not null` : undefined,
  ) as SQL;

/** Newest first; limit undefined = all. */
export const listVisible = async (
  db: Db,
  r: Reader,
  f: VisibleFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: NoticeRow[]; total: number }> => {
  const where = visibleWhere(r, f);
  const q = db
    .select(columns)
    .from(notices)
    .leftJoin(noticeReads, readJoin(r))
    .where(where)
    .orderBy(desc(notices.publishedDate), desc(notices.id))
    .offset(offset);
  const rows = limit === undefined ? await q : await q.limit(limit);
  const [c] = await db.select({ n: count() }).from(notices).leftJoin(noticeReads, readJoin(r)).where(where);
  return { rows, total: c?.n ?? 0 };
};

export const countUnread = async (db: Db, r: Reader): Promise<number> => {
  const [c] = await db
    .select({ n: count() })
    .from(notices)
    .leftJoin(noticeReads, readJoin(r))
    .where(and(visible(r), isNull(noticeReads.noticeId)));
  return c?.n ?? 0;
};

/** A published announcement the reader's tenant sees, with the reader's read flag. */
export const findVisible = async (db: Db, r: Reader, id: number): Promise<NoticeRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(notices)
    .leftJoin(noticeReads, readJoin(r))
    .where(and(visible(r), eq(notices.id, id)));
  return row;
};

/** One of the tenant's own announcements in any state. */
export const findOwn = async (db: Db, r: Reader, id: number): Promise<NoticeRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(notices)
    .leftJoin(noticeReads, readJoin(r))
    .where(and(eq(notices.tenantId, r.tenantId), eq(notices.id, id)));
  return row;
};

export interface OwnFilter {
  statusCode?: string | undefined;
  title?: string | undefined;
  dateFrom?: Date | undefined;
  dateTo?: Date | undefined;
}

/** The status a user sees: a scheduled announcement whose time has come is published. */
const statusIs = (code: string): SQL | undefined => {
  const due = and(eq(notices.statusCode, 'SCHEDULED'), lte(notices.publishedDate, sql`now()`));
  if (code === 'PUBLISHED') return or(eq(notices.statusCode, 'PUBLISHED'), due);
  if (code === 'SCHEDULED')
    return and(eq(notices.statusCode, 'SCHEDULED'), sql`${notices.publishedDate} > now()`);
  return eq(notices.statusCode, code);
};

export const listOwn = async (
  db: Db,
  r: Reader,
  f: OwnFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: NoticeRow[]; total: number }> => {
  const where = and(
    eq(notices.tenantId, r.tenantId),
    f.statusCode ? statusIs(f.statusCode) : undefined,
    f.dateFrom ? gte(notices.publishedDate, f.dateFrom) : undefined,
    f.dateTo ? lte(notices.publishedDate, f.dateTo) : undefined,
    f.title ? ilike(notices.title, `%${f.title.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const q = db
    .select(columns)
    .from(notices)
    .leftJoin(noticeReads, readJoin(r))
    .where(where)
    .orderBy(desc(notices.creationDate), desc(notices.id))
    .offset(offset);
  const rows = limit === undefined ? await q : await q.limit(limit);
  const [c] = await db.select({ n: count() }).from(notices).where(where);
  return { rows, total: c?.n ?? 0 };
};

export interface NoticeValues {
  title: string;
  noticeBody: string;
  noticeCategoryCode: string;
  receiverTypeCode: string;
  attachmentUuid: string | null;
  audienceRoleIds: number[];
  audienceUnitIds: number[];
}

export interface PublishValues {
  publishedDate: Date;
  publishedBy: number;
  publishedByUser: string;
}

export const insertNotice = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: NoticeValues,
  publish: PublishValues | null,
): Promise<number> => {
  const [row] = await db
    .insert(notices)
    .values({
      tenantId,
      ...v,
      statusCode: publish ? statusAt(publish.publishedDate) : 'DRAFT',
      ...(publish ?? {}),
      createdBy: userId,
      lastUpdatedBy: userId,
    })
    .returning({ id: notices.id });
  if (!row) throw new Error('notice insert returned nothing');
  return row.id;
};

/** Applies only when objectVersionNumber is current; answers whether a row changed. */
export const updateNotice = async (
  db: Db,
  tenantId: number,
  id: number,
  objectVersionNumber: number,
  userId: number,
  v: NoticeValues,
): Promise<boolean> => {
  const rows = await db
    .update(notices)
    .set({
      ...v,
      ...bump(userId, notices.objectVersionNumber),
    })
    .where(
      and(
        eq(notices.tenantId, tenantId),
        eq(notices.id, id),
        eq(notices.objectVersionNumber, objectVersionNumber),
      ),
    )
    .returning({ id: notices.id });
  return rows.length > 0;
};

/** PUBLISHED when its time has come, SCHEDULED while it is ahead. */
const statusAt = (at: Date): 'PUBLISHED' | 'SCHEDULED' =>
  at.getTime() > Date.now() ? 'SCHEDULED' : 'PUBLISHED';

/**
 * Publishes (now or at a later time) an announcement in one of the states `from`; objectVersionNumber, when
 * given, must be current. Answers false when nothing changed.
 */
export const publishNotice = async (
  db: Db,
  tenantId: number,
  id: number,
  p: PublishValues,
  from: readonly string[],
  objectVersionNumber?: number,
): Promise<boolean> => {
  const rows = await db
    .update(notices)
    .set({
      statusCode: statusAt(p.publishedDate),
      ...p,
      withdrawnDate: null,
      ...bump(p.publishedBy, notices.objectVersionNumber),
    })
    .where(
      and(
        eq(notices.tenantId, tenantId),
        eq(notices.id, id),
        inArray(notices.statusCode, [...from]),
        objectVersionNumber === undefined ? undefined : eq(notices.objectVersionNumber, objectVersionNumber),
      ),
    )
    .returning({ id: notices.id });
  return rows.length > 0;
};

/** PUBLISHED / SCHEDULED → WITHDRAWN when objectVersionNumber is current. */
export const withdrawNotice = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
  objectVersionNumber: number,
): Promise<boolean> => {
  const rows = await db
    .update(notices)
    .set({ statusCode: 'WITHDRAWN', withdrawnDate: new Date(), ...bump(userId, notices.objectVersionNumber) })
    .where(
      and(
        eq(notices.tenantId, tenantId),
        eq(notices.id, id),
        inArray(notices.statusCode, ['PUBLISHED', 'SCHEDULED']),
        eq(notices.objectVersionNumber, objectVersionNumber),
      ),
    )
    .returning({ id: notices.id });
  return rows.length > 0;
};

/**
 * Marks the tenant's scheduled announcements whose time has come published, in one statement: a second
 * process or a later tick finds them published already, so none is published twice. Answers their ids.
 */
export const publishDue = async (db: Db, tenantId: number, now: Date): Promise<number[]> => {
  const rows = await db
    .update(notices)
    .set({ statusCode: 'PUBLISHED', objectVersionNumber: sql`${notices.objectVersionNumber} + 1` })
    .where(
      and(
        eq(notices.tenantId, tenantId),
        eq(notices.statusCode, 'SCHEDULED'),
        lte(notices.publishedDate, now),
      ),
    )
    .returning({ id: notices.id });
  return rows.map((r) => r.id);
};

export const deleteNotice = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const rows = await db
    .delete(notices)
    .where(and(eq(notices.tenantId, tenantId), eq(notices.id, id)))
    .returning({ id: notices.id });
  // Reads in this tenant go with it; other tenants' reads of a platform notice are unreachable (and unseen).
  await db
    .delete(noticeReads)
    .where(and(eq(noticeReads.noticeTenantId, tenantId), eq(noticeReads.noticeId, id)));
  return rows.length > 0;
};

export const markRead = async (
  db: Db,
  r: Reader,
  notice: { tenantId: number; id: number },
): Promise<void> => {
  await db
    .insert(noticeReads)
    .values({ tenantId: r.tenantId, userId: r.userId, noticeTenantId: notice.tenantId, noticeId: notice.id })
    .onConflictDoNothing();
};

/** Marks every visible, unread announcement read; answers how many. */
export const markAllRead = async (db: Db, r: Reader): Promise<number> => {
  const unread = await db
    .select({ tenantId: notices.tenantId, id: notices.id })
    .from(notices)
    .leftJoin(noticeReads, readJoin(r))
    .where(and(visible(r), isNull(noticeReads.noticeId)));
  if (unread.length === 0) return 0;
  await db
    .insert(noticeReads)
    .values(
      unread.map((n) => ({
        tenantId: r.tenantId,
        userId: r.userId,
        noticeTenantId: n.tenantId,
        noticeId: n.id,
      })),
    )
    .onConflictDoNothing();
  return unread.length;
};

import type { InquiryAudience, InquiryStatus } from '@tilth/contracts/inquiry.types';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { batches } from '../../farm/batch/index.js';
import { cropLabel, crops } from '../../farm/crop/index.js';
import { lands } from '../../farm/land/index.js';
import { files } from '../../messaging/file/index.js';
import { contentInquiryMessages as m, contentInquiries as q } from './inquiry.tables.js';

export type InquiryRow = typeof q.$inferSelect;
export type MessageRow = typeof m.$inferSelect;
export type InquiryListRow = InquiryRow & {
  cropName: string | null;
  landName: string | null;
  batchName: string | null;
  messageCount: number;
};

export interface InquiryFilter {
  askerId?: number | undefined;
  /** Inquiries some message of this author (acting from this tenant) answered or asked back. */
  answeredBy?: { userId: number; tenantId: number } | undefined;
  audience?: InquiryAudience | undefined;
  statuses?: readonly InquiryStatus[] | undefined;
  urgency?: string | undefined;
  cropId?: number | undefined;
  /** Text the title or question contains (matched literally). */
  keyword?: string | undefined;
  oldestFirst?: boolean;
}

const where = (tenantId: number, f: InquiryFilter): SQL | undefined =>
  and(
    eq(q.tenantId, tenantId),
    f.askerId !== undefined ? eq(q.askerId, f.askerId) : undefined,
    f.audience ? eq(q.audience, f.audience) : undefined,
    f.statuses ? inArray(q.status, [...f.statuses]) : undefined,
    f.urgency ? eq(q.urgency, f.urgency) : undefined,
    f.cropId !== undefined ? eq(q.cropId, f.cropId) : undefined,
    f.keyword
      ? or(ilike(q.title, `%${escapeLike(f.keyword)}%`), ilike(q.question, `%${escapeLike(f.keyword)}%`))
      : undefined,
    f.answeredBy
      ? exists(
          sql`(select 1 from ${m} where ${m.tenantId} = ${q.tenantId} and ${m.inquiryId} = ${q.id}
            and ${m.authorRole} = 'expert' and ${m.authorId} = ${f.answeredBy.userId}
            and ${m.authorTenantId} = ${f.answeredBy.tenantId})`,
        )
      : undefined,
  );

const listColumns = (lang: Lang) => ({
  row: q,
  cropName: cropLabel(lang),
  landName: lands.landName,
  batchName: batches.batchName,
  messageCount: sql<number>`(select count(*)::int from ${m} where ${m.tenantId} = ${q.tenantId} and ${m.inquiryId} = ${q.id})`,
});

const selectList = (db: Db, lang: Lang) =>
  db
    .select(listColumns(lang))
    .from(q)
    .leftJoin(crops, and(eq(crops.tenantId, q.tenantId), eq(crops.id, q.cropId)))
    .leftJoin(lands, and(eq(lands.tenantId, q.tenantId), eq(lands.id, q.landId)))
    .leftJoin(batches, and(eq(batches.tenantId, q.tenantId), eq(batches.id, q.batchId)));

type ListRecord = {
  row: InquiryRow;
  cropName: string | null;
  landName: string | null;
  batchName: string | null;
  messageCount: number;
};
const flat = (r: ListRecord): InquiryListRow => ({
  ...r.row,
  cropName: r.cropName,
  landName: r.landName,
  batchName: r.batchName,
  messageCount: Number(r.messageCount),
});

export const listInquiries = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  f: InquiryFilter,
  limit: number,
  offset: number,
): Promise<{ rows: InquiryListRow[]; total: number }> => {
  const w = where(tenantId, f);
  const order = f.oldestFirst ? [asc(q.creationDate), asc(q.id)] : [desc(q.creationDate), desc(q.id)];
  const rows = await selectList(db, lang)
    .where(w)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [c] = await db.select({ n: count() }).from(q).where(w);
  return { rows: rows.map(flat), total: Number(c?.n ?? 0) };
};

export const findInquiry = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  id: number,
): Promise<InquiryListRow | undefined> => {
  const [r] = await selectList(db, lang).where(and(eq(q.tenantId, tenantId), eq(q.id, id)));
  return r ? flat(r) : undefined;
};

/** The inquiry locked for a change (one writer at a time). */
export const lockInquiry = async (db: Db, tenantId: number, id: number): Promise<InquiryRow | undefined> => {
  const [r] = await db
    .select()
    .from(q)
    .where(and(eq(q.tenantId, tenantId), eq(q.id, id)))
    .for('update');
  return r;
};

export type InquiryValues = Pick<
  InquiryRow,
  | 'title'
  | 'question'
  | 'cropId'
  | 'landId'
  | 'batchId'
  | 'urgency'
  | 'audience'
  | 'photos'
  | 'identificationNote'
  | 'askerId'
  | 'askerName'
>;

export const insertInquiry = async (
  db: Db,
  tenantId: number,
  v: InquiryValues,
  at?: Date,
): Promise<InquiryRow> => {
  const [r] = await db
    .insert(q)
    .values({
      tenantId,
      ...v,
      createdBy: v.askerId,
      lastUpdatedBy: v.askerId,
      ...(at ? { creationDate: at, lastUpdateDate: at, lastActivityAt: at } : {}),
    })
    .returning();
  if (!r) throw new Error('insert content_inquiries returned nothing');
  return r;
};

export type InquiryChange = Partial<
  Pick<
    InquiryRow,
    | 'status'
    | 'expertId'
    | 'expertName'
    | 'expertTenantId'
    | 'rating'
    | 'ratingComment'
    | 'closedBy'
    | 'firstResponseAt'
    | 'closedAt'
    | 'lastActivityAt'
  >
>;

/** Applies a change when the version still matches; undefined when it moved on (→ 409). */
export const updateInquiry = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  change: InquiryChange,
): Promise<InquiryRow | undefined> => {
  const [r] = await db
    .update(q)
    .set({
      ...change,
      lastUpdatedBy: userId,
      lastUpdateDate: new Date(),
      objectVersionNumber: sql`${q.objectVersionNumber} + 1`,
    })
    .where(and(eq(q.tenantId, tenantId), eq(q.id, id), eq(q.objectVersionNumber, version)))
    .returning();
  return r;
};

export const insertMessage = async (
  db: Db,
  tenantId: number,
  v: Omit<typeof m.$inferInsert, 'tenantId' | 'id'>,
): Promise<MessageRow> => {
  const [r] = await db
    .insert(m)
    .values({ tenantId, ...v })
    .returning();
  if (!r) throw new Error('insert content_inquiry_messages returned nothing');
  return r;
};

export const listMessages = async (db: Db, tenantId: number, inquiryId: number): Promise<MessageRow[]> =>
  db
    .select()
    .from(m)
    .where(and(eq(m.tenantId, tenantId), eq(m.inquiryId, inquiryId)))
    .orderBy(asc(m.id));

export interface ExpertStats {
  queueCount: number;
  oldestOpen: Date | null;
  answeredCount: number;
  ratingSum: number;
  ratedCount: number;
  firstResponseSecondsSum: number;
  respondedCount: number;
}

/** Queue and the expert's own figures in this tenant (pool inquiries only when poolOnly). */
export const expertStats = async (
  db: Db,
  tenantId: number,
  expert: { userId: number; tenantId: number },
  poolOnly: boolean,
): Promise<ExpertStats> => {
  const aud = poolOnly ? eq(q.audience, 'pool') : undefined;
  const [queue] = await db
    .select({ n: count(), oldest: sql<Date | string | null>`min(${q.creationDate})` })
    .from(q)
    .where(and(eq(q.tenantId, tenantId), eq(q.status, 'open'), aud));
  const mine = where(tenantId, { answeredBy: expert, audience: poolOnly ? 'pool' : undefined });
  const [own] = await db
    .select({
      n: count(),
      ratingSum: sql<string | null>`sum(${q.rating})`,
      rated: count(q.rating),
      frSum: sql<string | null>`sum(extract(epoch from ${q.firstResponseAt} - ${q.creationDate}))`,
      responded: count(q.firstResponseAt),
    })
    .from(q)
    .where(and(mine, eq(q.expertId, expert.userId), eq(q.expertTenantId, expert.tenantId)));
  const [answered] = await db.select({ n: count() }).from(q).where(mine);
  const oldest = queue?.oldest ? new Date(queue.oldest) : null;
  return {
    queueCount: Number(queue?.n ?? 0),
    oldestOpen: oldest,
    answeredCount: Number(answered?.n ?? 0),
    ratingSum: Number(own?.ratingSum ?? 0),
    ratedCount: Number(own?.rated ?? 0),
    firstResponseSecondsSum: Number(own?.frSum ?? 0),
    respondedCount: Number(own?.responded ?? 0),
  };
};

/** Photos the farmer uploaded to this tenant: type and size as stored (sniffed at upload). */
export const photoFiles = async (
  db: Db,
  tenantId: number,
  ids: readonly string[],
): Promise<{ id: string; contentType: string; fileSize: number }[]> =>
  ids.length === 0
    ? []
    : db
        .select({ id: files.id, contentType: files.contentType, fileSize: files.fileSize })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), inArray(files.id, [...ids])));

export const storedPhoto = async (db: Db, tenantId: number, id: string) => {
  const [r] = await db
    .select({
      contentType: files.contentType,
      fileName: files.fileName,
      storageKey: files.storageKey,
      fileSize: files.fileSize,
    })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)));
  return r;
};

/** The ask form's choices: crops, plots and growing batches of the tenant (bounded). */
export const askOptions = async (db: Db, tenantId: number, lang: Lang) => {
  const cropRows = await db
    .select({ id: crops.id, name: cropLabel(lang) })
    .from(crops)
    .where(eq(crops.tenantId, tenantId))
    .orderBy(asc(crops.id))
    .limit(500);
  const landRows = await db
    .select({ id: lands.id, name: lands.landName })
    .from(lands)
    .where(and(eq(lands.tenantId, tenantId), eq(lands.enabledFlag, 1)))
    .orderBy(asc(lands.landName))
    .limit(1000);
  const batchRows = await db
    .select({ id: batches.id, name: batches.batchName, landId: batches.landId, cropId: batches.cropId })
    .from(batches)
    .where(and(eq(batches.tenantId, tenantId), eq(batches.status, 'growing'), isNotNull(batches.landId)))
    .orderBy(desc(batches.id))
    .limit(1000);
  return { crops: cropRows, lands: landRows, batches: batchRows };
};

import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { agriculturalInputs } from '../../farm/agricultural/index.js';
import { pestKnowledge, pestKnowledgeInputs } from './identify.tables.js';
import type { ShippedPest } from './knowledge.data.js';

// The knowledge base as a tenant sees it: its own rows, plus the platform's rows it has not overridden
// (an override is a tenant row with the platform row's code). Agricultural inputs are read here, never
// written (farm/agricultural owns them; its index exports the table for such reads).

export type KnowledgeRow = typeof pestKnowledge.$inferSelect;
export type KnowledgeValues = Omit<
  typeof pestKnowledge.$inferInsert,
  'tenantId' | 'id' | 'code' | keyof ReturnType<typeof bump> | 'createdBy' | 'creationDate'
>;

// Spelled out: inside the subquery Drizzle would leave the outer columns unqualified.
const notOverridden = (tenantId: number) =>
  sql`not exists (select 1 from pest_knowledge o where o.tenant_id = ${tenantId} and o.code = "pest_knowledge"."code")`;

export const visible = (tenantId: number): SQL =>
  tenantId === PLATFORM_TENANT_ID
    ? eq(pestKnowledge.tenantId, PLATFORM_TENANT_ID)
    : // Both tenants named in one IN: the read spans the tenant and the platform on purpose (the
      // Citus check counts it apart, scripts/citus-check.mjs CROSS_TENANT).
      (and(
        inArray(pestKnowledge.tenantId, [tenantId, PLATFORM_TENANT_ID]),
        or(eq(pestKnowledge.tenantId, tenantId), notOverridden(tenantId)),
      ) as SQL);

export interface KnowledgeFilter {
  q?: string | undefined;
  kind?: string | undefined;
  crop?: string | undefined;
}

export const listKnowledge = async (
  db: Db,
  tenantId: number,
  f: KnowledgeFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: KnowledgeRow[]; total: number }> => {
  const parts: SQL[] = [visible(tenantId)];
  if (f.kind) parts.push(eq(pestKnowledge.kind, f.kind));
  if (f.q) {
    const p = `%${escapeLike(f.q)}%`;
    parts.push(
      or(
        ilike(pestKnowledge.nameZh, p),
        ilike(pestKnowledge.nameEn, p),
        ilike(pestKnowledge.code, p),
        ilike(pestKnowledge.latinName, p),
        sql`${pestKnowledge.aliases}::text ilike ${p}`,
      ) as SQL,
    );
  }
  if (f.crop) {
    const p = `%${escapeLike(f.crop)}%`;
    parts.push(sql`(${pestKnowledge.cropsZh}::text ilike ${p} or ${pestKnowledge.cropsEn}::text ilike ${p})`);
  }
  const where = and(...parts) as SQL;
  return pageRows(
    db.select().from(pestKnowledge).where(where).orderBy(asc(pestKnowledge.kind), asc(pestKnowledge.code)),
    () => db.select({ n: count() }).from(pestKnowledge).where(where),
    limit,
    offset,
  );
};

/** Every entry the tenant sees (to match a model's labels; dozens of rows). */
export const allVisibleKnowledge = (db: Db, tenantId: number): Promise<KnowledgeRow[]> =>
  db.select().from(pestKnowledge).where(visible(tenantId));

/** One entry by id if the tenant may see it (a platform row it overrode is still found by its id). */
export const findKnowledge = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<KnowledgeRow | undefined> => {
  const [r] = await db
    .select()
    .from(pestKnowledge)
    .where(and(eq(pestKnowledge.id, id), inArray(pestKnowledge.tenantId, [tenantId, PLATFORM_TENANT_ID])));
  return r;
};

export const findOwnByCode = async (
  db: Db,
  tenantId: number,
  code: string,
): Promise<KnowledgeRow | undefined> => {
  const [r] = await db
    .select()
    .from(pestKnowledge)
    .where(and(eq(pestKnowledge.tenantId, tenantId), eq(pestKnowledge.code, code)));
  return r;
};

export const platformCodeExists = async (db: Db, code: string): Promise<boolean> => {
  const [r] = await db
    .select({ n: count() })
    .from(pestKnowledge)
    .where(and(eq(pestKnowledge.tenantId, PLATFORM_TENANT_ID), eq(pestKnowledge.code, code)));
  return (r?.n ?? 0) > 0;
};

export const insertKnowledge = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  v: KnowledgeValues & { code: string },
): Promise<KnowledgeRow | undefined> => {
  const [r] = await db
    .insert(pestKnowledge)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing()
    .returning();
  return r;
};

/** Updates the tenant's own row at the given version; undefined when stale or gone. */
export const updateKnowledge = async (
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
  version: number,
  v: KnowledgeValues,
): Promise<KnowledgeRow | undefined> => {
  const [r] = await db
    .update(pestKnowledge)
    .set({ ...v, ...bump(userId, pestKnowledge.objectVersionNumber) })
    .where(
      and(
        eq(pestKnowledge.tenantId, tenantId),
        eq(pestKnowledge.id, id),
        eq(pestKnowledge.objectVersionNumber, version),
      ),
    )
    .returning();
  return r;
};

export const deleteKnowledge = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number | undefined,
): Promise<KnowledgeRow | undefined> => {
  const parts = [eq(pestKnowledge.tenantId, tenantId), eq(pestKnowledge.id, id)];
  if (version !== undefined) parts.push(eq(pestKnowledge.objectVersionNumber, version));
  const [r] = await db
    .delete(pestKnowledge)
    .where(and(...parts))
    .returning();
  return r;
};

// ---- inputs registered against an entry -----------------------------------------------------------

export const linkedInputIds = async (db: Db, tenantId: number, codes: readonly string[]) => {
  if (codes.length === 0) return [];
  return db
    .select({ code: pestKnowledgeInputs.knowledgeCode, inputId: pestKnowledgeInputs.inputId })
    .from(pestKnowledgeInputs)
    .where(
      and(eq(pestKnowledgeInputs.tenantId, tenantId), inArray(pestKnowledgeInputs.knowledgeCode, [...codes])),
    );
};

export const setLinkedInputs = async (
  db: Db,
  tenantId: number,
  code: string,
  inputIds: readonly number[],
): Promise<void> => {
  await db
    .delete(pestKnowledgeInputs)
    .where(and(eq(pestKnowledgeInputs.tenantId, tenantId), eq(pestKnowledgeInputs.knowledgeCode, code)));
  if (inputIds.length > 0) {
    await db
      .insert(pestKnowledgeInputs)
      .values([...new Set(inputIds)].map((inputId) => ({ tenantId, knowledgeCode: code, inputId })));
  }
};

export interface InputMatchRow {
  id: number;
  inputName: string;
  category: string;
  registrationNo: string | null;
  unit: string;
}

const inputColumns = {
  id: agriculturalInputs.id,
  inputName: agriculturalInputs.inputName,
  category: agriculturalInputs.category,
  registrationNo: agriculturalInputs.registrationNo,
  unit: agriculturalInputs.unit,
};

/** The tenant's inputs among ids (any state: a link stays visible after the input is disabled). */
export const inputsByIds = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<InputMatchRow[]> =>
  ids.length === 0
    ? []
    : db
        .select(inputColumns)
        .from(agriculturalInputs)
        .where(and(eq(agriculturalInputs.tenantId, tenantId), inArray(agriculturalInputs.id, [...ids])));

/** Enabled inputs whose name holds one of the active ingredients (at most 50). */
export const inputsByIngredient = async (
  db: Db,
  tenantId: number,
  ingredients: readonly string[],
): Promise<InputMatchRow[]> => {
  const names = ingredients.map((i) => i.trim()).filter(Boolean);
  if (names.length === 0) return [];
  return db
    .select(inputColumns)
    .from(agriculturalInputs)
    .where(
      and(
        eq(agriculturalInputs.tenantId, tenantId),
        eq(agriculturalInputs.enabledFlag, 1),
        or(...names.map((n) => ilike(agriculturalInputs.inputName, `%${escapeLike(n)}%`))),
      ),
    )
    .orderBy(asc(agriculturalInputs.inputName))
    .limit(50);
};

/** Adds the shipped entries the platform does not have yet (by code); edits made since are kept. */
export const seedShipped = async (db: Db, entries: readonly ShippedPest[]): Promise<number> => {
  const rows = await db
    .insert(pestKnowledge)
    .values(entries.map((e) => ({ ...e, tenantId: PLATFORM_TENANT_ID })))
    .onConflictDoNothing()
    .returning({ id: pestKnowledge.id });
  return rows.length;
};

import type { ProcessModel } from '@tilth/contracts';
import { and, asc, count, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import {
  approvalBindings,
  approvalDefinitions,
  approvalDefinitionVersions,
  approvalProcesses,
} from './workflow.tables.js';

// Process definitions and their frozen versions (issue 14 item 5): only this file touches their tables
// for the designer. A process "runs" while its state is 1 (in approval).

export interface DefinitionRow {
  id: number;
  name: string;
  docType: string;
  description: string | null;
  enabledFlag: number;
  version: number;
  model: ProcessModel;
  running: number;
  objectVersionNumber: number;
  lastUpdateDate: Date;
}

export interface DefinitionFilter {
  name?: string | undefined;
  docType?: string | undefined;
  enabledFlag?: number | undefined;
}

// Qualified by hand: in a one-table select Drizzle writes bare column names, which the subquery would
// resolve against its own table.
const running = sql<number>`(select count(*) from ${approvalProcesses} p
  where p.tenant_id = approval_definitions.tenant_id and p.definition_id = approval_definitions.id
    and p.state = 1)::int`.mapWith(Number);

const view = {
  id: approvalDefinitions.id,
  name: approvalDefinitions.name,
  docType: approvalDefinitions.docType,
  description: approvalDefinitions.description,
  enabledFlag: approvalDefinitions.enabledFlag,
  version: approvalDefinitions.version,
  model: approvalDefinitions.model,
  running,
  objectVersionNumber: approvalDefinitions.objectVersionNumber,
  lastUpdateDate: approvalDefinitions.lastUpdateDate,
};

const matching = (tenantId: number, f: DefinitionFilter): SQL =>
  and(
    eq(approvalDefinitions.tenantId, tenantId),
    f.name ? ilike(approvalDefinitions.name, `%${escapeLike(f.name)}%`) : undefined,
    f.docType ? eq(approvalDefinitions.docType, f.docType) : undefined,
    f.enabledFlag === undefined ? undefined : eq(approvalDefinitions.enabledFlag, f.enabledFlag),
  ) as SQL;

export const listDefinitions = async (
  db: Db,
  tenantId: number,
  f: DefinitionFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: DefinitionRow[]; total: number }> => {
  const where = matching(tenantId, f);
  const q = db
    .select(view)
    .from(approvalDefinitions)
    .where(where)
    .orderBy(desc(approvalDefinitions.lastUpdateDate), desc(approvalDefinitions.id));
  return pageRows(q, () => db.select({ n: count() }).from(approvalDefinitions).where(where), limit, offset);
};

export const findDefinition = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<DefinitionRow | undefined> => {
  const [r] = await db
    .select(view)
    .from(approvalDefinitions)
    .where(and(eq(approvalDefinitions.tenantId, tenantId), eq(approvalDefinitions.id, id)));
  return r;
};

/** Whether another definition of the tenant already has this name. */
export const definitionNameTaken = async (
  db: Db,
  tenantId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> => {
  const [r] = await db
    .select({ id: approvalDefinitions.id })
    .from(approvalDefinitions)
    .where(
      and(
        eq(approvalDefinitions.tenantId, tenantId),
        eq(approvalDefinitions.name, name),
        exceptId === undefined ? undefined : ne(approvalDefinitions.id, exceptId),
      ),
    )
    .limit(1);
  return r !== undefined;
};

export interface DefinitionValues {
  name: string;
  docType: string;
  description: string | null;
  model: ProcessModel;
}

/** A disabled definition at version 1, with its version row. */
export const insertDefinition = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: DefinitionValues,
): Promise<number> => {
  const [r] = await db
    .insert(approvalDefinitions)
    .values({ tenantId, ...v, enabledFlag: 0, version: 1, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: approvalDefinitions.id });
  if (!r) throw new Error('approval definition insert returned nothing');
  await insertVersion(db, tenantId, r.id, 1, v.model, userId);
  return r.id;
};

export const insertVersion = async (
  db: Db,
  tenantId: number,
  definitionId: number,
  version: number,
  model: ProcessModel,
  userId: number,
): Promise<void> => {
  await db
    .insert(approvalDefinitionVersions)
    .values({ tenantId, definitionId, version, model, createdBy: userId });
};

/** Writes the values when `version` is current; false when it was not (stale or gone). */
export const updateDefinition = async (
  db: Db,
  tenantId: number,
  id: number,
  objectVersion: number,
  userId: number,
  v: Partial<Omit<DefinitionValues, 'docType'>> & { enabledFlag?: number; version?: number },
): Promise<boolean> => {
  const rows = await db
    .update(approvalDefinitions)
    .set({ ...v, ...bump(userId, approvalDefinitions.objectVersionNumber) })
    .where(
      and(
        eq(approvalDefinitions.tenantId, tenantId),
        eq(approvalDefinitions.id, id),
        eq(approvalDefinitions.objectVersionNumber, objectVersion),
      ),
    )
    .returning({ id: approvalDefinitions.id });
  return rows.length > 0;
};

export interface VersionRow {
  version: number;
  createdAt: Date;
  createdBy: number | null;
  running: number;
  finished: number;
}

/** Every version, newest first, with its processes in approval and ended (finished, rejected, withdrawn). */
export const versionsOf = async (db: Db, tenantId: number, definitionId: number): Promise<VersionRow[]> => {
  const per = (cond: SQL) =>
    sql<number>`(select count(*) from ${approvalProcesses} p
    where p.tenant_id = approval_definition_versions.tenant_id
      and p.definition_id = approval_definition_versions.definition_id
      and p.definition_version = approval_definition_versions.version and ${cond})::int`.mapWith(Number);
  return db
    .select({
      version: approvalDefinitionVersions.version,
      createdAt: approvalDefinitionVersions.createdAt,
      createdBy: approvalDefinitionVersions.createdBy,
      running: per(sql`p.state = 1`),
      finished: per(sql`p.state <> 1`),
    })
    .from(approvalDefinitionVersions)
    .where(
      and(
        eq(approvalDefinitionVersions.tenantId, tenantId),
        eq(approvalDefinitionVersions.definitionId, definitionId),
      ),
    )
    .orderBy(desc(approvalDefinitionVersions.version));
};

export const findVersion = async (
  db: Db,
  tenantId: number,
  definitionId: number,
  version: number,
): Promise<ProcessModel | undefined> => {
  const [r] = await db
    .select({ model: approvalDefinitionVersions.model })
    .from(approvalDefinitionVersions)
    .where(
      and(
        eq(approvalDefinitionVersions.tenantId, tenantId),
        eq(approvalDefinitionVersions.definitionId, definitionId),
        eq(approvalDefinitionVersions.version, version),
      ),
    );
  return r?.model;
};

/** The document types whose approval settings use this definition. */
export const bindingsOf = async (db: Db, tenantId: number, definitionId: number): Promise<string[]> => {
  const rows = await db
    .select({ docType: approvalBindings.docType })
    .from(approvalBindings)
    .where(and(eq(approvalBindings.tenantId, tenantId), eq(approvalBindings.definitionId, definitionId)))
    .orderBy(asc(approvalBindings.docType));
  return rows.map((r) => r.docType);
};

/** Deletes the definition; its versions cascade. */
export const deleteDefinition = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const rows = await db
    .delete(approvalDefinitions)
    .where(and(eq(approvalDefinitions.tenantId, tenantId), eq(approvalDefinitions.id, id)))
    .returning({ id: approvalDefinitions.id });
  return rows.length > 0;
};

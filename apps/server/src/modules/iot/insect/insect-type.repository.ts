import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { pageRows } from '../../../platform/db/paging.js';
import { insectTypes } from './insect.tables.js';

// The insect catalogue (platform rows every tenant sees, plus a tenant's own): its own seam, apart from
// the trap records of insect.repository.ts.

export interface TypeRow {
  id: number;
  tenantId: number;
  name: string;
  nameEn: string | null;
  latinName: string | null;
  category: string;
  description: string | null;
}

const typeColumns = {
  id: insectTypes.id,
  tenantId: insectTypes.tenantId,
  name: insectTypes.name,
  nameEn: insectTypes.nameEn,
  latinName: insectTypes.latinName,
  category: insectTypes.category,
  description: insectTypes.description,
};

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const typeFilter = (tenantId: number, name: string | undefined) =>
  and(
    inArray(
      insectTypes.tenantId,
      tenantId === PLATFORM_TENANT_ID ? [tenantId] : [tenantId, PLATFORM_TENANT_ID],
    ),
    name === undefined
      ? undefined
      : or(
          ilike(insectTypes.name, `%${escapeLike(name)}%`),
          ilike(insectTypes.nameEn, `%${escapeLike(name)}%`),
        ),
  );

/** The platform catalogue and the tenant's own insect types. */
export const listTypes = async (
  db: Db,
  tenantId: number,
  name: string | undefined,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: TypeRow[]; total: number }> =>
  pageRows(
    db
      .select(typeColumns)
      .from(insectTypes)
      .where(typeFilter(tenantId, name))
      .orderBy(asc(insectTypes.tenantId), asc(insectTypes.id))
      .$dynamic(),
    () => db.select({ n: count() }).from(insectTypes).where(typeFilter(tenantId, name)),
    limit,
    offset,
  );

export const findType = async (db: Db, tenantId: number, id: number): Promise<TypeRow | undefined> => {
  const [row] = await db
    .select(typeColumns)
    .from(insectTypes)
    .where(and(typeFilter(tenantId, undefined), eq(insectTypes.id, id)))
    .orderBy(desc(insectTypes.tenantId));
  return row;
};

export const insertTypes = async (
  db: Db,
  tenantId: number,
  rows: Omit<TypeRow, 'id' | 'tenantId'>[],
): Promise<void> => {
  if (rows.length === 0) return;
  await db
    .insert(insectTypes)
    .values(rows.map((r) => ({ tenantId, ...r })))
    .onConflictDoNothing();
};

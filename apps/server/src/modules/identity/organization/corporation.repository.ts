import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique } from '../../../platform/db/writes.js';
import { areas, corporations } from './organization.tables.js';

export interface LegalValues {
  creditCode: string | null;
  legalRepresentative: string | null;
  address: string | null;
  contactName: string | null;
  contactPhone: string | null;
  logoUrl: string | null;
}

export interface CorporationRow extends LegalValues {
  id: number;
  name: string;
  parentId: number | null;
  parentName: string | null;
  objectVersionNumber: number;
  creationDate: Date;
}

const parent = alias(areas, 'parent');

const view = (db: Db) =>
  db
    .select({
      id: areas.id,
      name: areas.areaName,
      parentId: areas.parentId,
      parentName: parent.areaName,
      objectVersionNumber: areas.objectVersionNumber,
      creationDate: areas.creationDate,
      creditCode: corporations.creditCode,
      legalRepresentative: corporations.legalRepresentative,
      address: corporations.address,
      contactName: corporations.contactName,
      contactPhone: corporations.contactPhone,
      logoUrl: corporations.logoUrl,
    })
    .from(areas)
    .leftJoin(parent, and(eq(parent.tenantId, areas.tenantId), eq(parent.id, areas.parentId)))
    .leftJoin(
      corporations,
      and(eq(corporations.tenantId, areas.tenantId), eq(corporations.unitId, areas.id)),
    );

const companies = (tenantId: number, name?: string): SQL =>
  and(
    eq(areas.tenantId, tenantId),
    eq(areas.organizationType, 'company'),
    name ? ilike(areas.areaName, `%${escapeLike(name)}%`) : undefined,
  ) as SQL;

/** The company units of the tenant with their legal data, one page (limit undefined = all). */
export const listCorporations = async (
  db: Db,
  tenantId: number,
  name: string | undefined,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: CorporationRow[]; total: number }> => {
  const where = companies(tenantId, name);
  const q = view(db).where(where).orderBy(asc(areas.sort), asc(areas.id));
  return pageRows(q, () => db.select({ n: count() }).from(areas).where(where), limit, offset);
};

export const findCorporation = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<CorporationRow | undefined> => {
  const [r] = await view(db).where(and(companies(tenantId), eq(areas.id, id)));
  return r;
};

/** Inserts or replaces the legal data of a company unit; 'creditCode' when the code is another's. */
export const saveLegalData = async (
  db: Db,
  tenantId: number,
  unitId: number,
  userId: number,
  v: LegalValues,
): Promise<'creditCode' | undefined> => {
  const res = await guardUnique({ corporations_credit_code_uq: 'creditCode' } as const, async () => {
    const [r] = await db
      .insert(corporations)
      .values({ tenantId, unitId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .onConflictDoUpdate({
        target: [corporations.tenantId, corporations.unitId],
        set: { ...v, ...bump(userId, corporations.objectVersionNumber) },
      })
      .returning({ unitId: corporations.unitId });
    return r;
  });
  return res && 'conflict' in res ? res.conflict : undefined;
};

/** The company (other than exceptId) already holding this credit code. */
export const creditCodeHolder = async (
  db: Db,
  tenantId: number,
  code: string,
  exceptId?: number,
): Promise<number | undefined> => {
  const [r] = await db
    .select({ unitId: corporations.unitId })
    .from(corporations)
    .where(
      and(
        eq(corporations.tenantId, tenantId),
        eq(corporations.creditCode, code),
        exceptId === undefined ? undefined : sql`${corporations.unitId} <> ${exceptId}`,
      ),
    );
  return r?.unitId;
};

export const deleteLegalData = async (db: Db, tenantId: number, unitId: number): Promise<void> => {
  await db
    .delete(corporations)
    .where(and(eq(corporations.tenantId, tenantId), eq(corporations.unitId, unitId)));
};

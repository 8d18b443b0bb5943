import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { memberships } from '../identity/index.js';
import { type TenantBrand, tenantDomains, tenants } from './tenant.tables.js';

// The platform administrator's reads and writes of tenants and their domains. `tenants` and
// `tenant_domains` are global tables (no row-level security); memberships too.

export interface PlatformTenantRow {
  id: number;
  tenantName: string;
  tenantNum: string;
  timeZone: string;
  enabled: boolean;
  creationDate: Date;
  objectVersionNumber: number;
  memberCount: number;
  domains: string[];
}

const memberCount = sql<number>`(select count(*)::int from ${memberships} where ${memberships.tenantId} = ${tenants.id})`;
const domainNames = sql<
  string[]
>`coalesce((select array_agg(${tenantDomains.domainName} order by ${tenantDomains.domainName}) from ${tenantDomains} where ${tenantDomains.tenantId} = ${tenants.id}), '{}')`;

const ROW = {
  id: tenants.id,
  tenantName: tenants.tenantName,
  tenantNum: tenants.tenantNum,
  timeZone: tenants.timeZone,
  enabled: tenants.enabled,
  creationDate: tenants.creationDate,
  objectVersionNumber: tenants.objectVersionNumber,
  memberCount,
  domains: domainNames,
};

export interface TenantFilter {
  tenantName?: string | undefined;
  tenantNum?: string | undefined;
  enabled?: boolean | undefined;
}

export const listPlatformTenants = async (
  db: Db,
  f: TenantFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: PlatformTenantRow[]; total: number }> => {
  const conds: SQL[] = [];
  if (f.tenantName) conds.push(ilike(tenants.tenantName, `%${escapeLike(f.tenantName)}%`));
  if (f.tenantNum) conds.push(ilike(tenants.tenantNum, `%${escapeLike(f.tenantNum)}%`));
  if (f.enabled !== undefined) conds.push(eq(tenants.enabled, f.enabled));
  const where = conds.length ? and(...conds) : undefined;
  return pageRows(
    db.select(ROW).from(tenants).where(where).orderBy(asc(tenants.id)).$dynamic(),
    () => db.select({ n: count() }).from(tenants).where(where),
    limit,
    offset,
  );
};

export const findPlatformTenant = async (db: Db, id: number): Promise<PlatformTenantRow | undefined> => {
  const [r] = await db.select(ROW).from(tenants).where(eq(tenants.id, id));
  return r;
};

/** Optimistic update of what the platform administrator edits; undefined when stale or gone. */
export const updatePlatformTenant = async (
  db: Db,
  id: number,
  version: number,
  set: { tenantName?: string; timeZone?: string; enabled?: boolean },
): Promise<boolean> => {
  const rows = await db
    .update(tenants)
    .set({ ...set, objectVersionNumber: sql`${tenants.objectVersionNumber} + 1` })
    .where(and(eq(tenants.id, id), eq(tenants.objectVersionNumber, version)))
    .returning({ id: tenants.id });
  return rows.length > 0;
};

export const tenantNumTaken = async (db: Db, tenantNum: string): Promise<boolean> => {
  const [r] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(sql`lower(${tenants.tenantNum}) = lower(${tenantNum})`);
  return r !== undefined;
};

// ---- domains ----

export type TenantDomainRow = typeof tenantDomains.$inferSelect;

export const listDomains = async (db: Db, tenantId: number): Promise<TenantDomainRow[]> =>
  db
    .select()
    .from(tenantDomains)
    .where(eq(tenantDomains.tenantId, tenantId))
    .orderBy(asc(tenantDomains.domainName));

export const findDomain = async (db: Db, domainName: string): Promise<TenantDomainRow | undefined> => {
  const [r] = await db.select().from(tenantDomains).where(eq(tenantDomains.domainName, domainName));
  return r;
};

/** Inserts the domain; undefined when the name is already registered (to any tenant). */
export const insertDomain = async (
  db: Db,
  v: { domainName: string; tenantId: number; brand: TenantBrand },
): Promise<TenantDomainRow | undefined> => {
  const [r] = await db.insert(tenantDomains).values(v).onConflictDoNothing().returning();
  return r;
};

/** Optimistic update (a rename changes the key); undefined when stale or gone. */
export const updateDomain = async (
  db: Db,
  tenantId: number,
  domainName: string,
  version: number,
  v: { domainName: string; brand: TenantBrand },
): Promise<TenantDomainRow | undefined> => {
  const [r] = await db
    .update(tenantDomains)
    .set({ ...v, objectVersionNumber: sql`${tenantDomains.objectVersionNumber} + 1` })
    .where(
      and(
        eq(tenantDomains.domainName, domainName),
        eq(tenantDomains.tenantId, tenantId),
        eq(tenantDomains.objectVersionNumber, version),
      ),
    )
    .returning();
  return r;
};

export const deleteDomain = async (db: Db, tenantId: number, domainName: string): Promise<boolean> => {
  const gone = await db
    .delete(tenantDomains)
    .where(and(eq(tenantDomains.domainName, domainName), eq(tenantDomains.tenantId, tenantId)))
    .returning({ d: tenantDomains.domainName });
  return gone.length > 0;
};

/** Every tenant's id and name (the audit list names the tenant of each entry). */
export const tenantNames = async (db: Db): Promise<Map<number, string>> =>
  new Map(
    (await db.select({ id: tenants.id, name: tenants.tenantName }).from(tenants)).map((t) => [t.id, t.name]),
  );

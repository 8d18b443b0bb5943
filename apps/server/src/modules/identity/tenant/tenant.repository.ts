import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import { menuThemes, type TenantBrand, tenantDomains, tenantScreens, tenants } from './tenant.tables.js';

export interface TenantRow {
  id: number;
  tenantName: string;
  tenantNum: string;
  noviceFlag: number;
  timeZone: string;
  objectVersionNumber: number;
}

const TENANT_ROW = {
  id: tenants.id,
  tenantName: tenants.tenantName,
  tenantNum: tenants.tenantNum,
  noviceFlag: tenants.noviceFlag,
  timeZone: tenants.timeZone,
  objectVersionNumber: tenants.objectVersionNumber,
};

export const insertTenant = async (
  db: Db,
  values: { tenantName: string; noviceFlag: number; id?: number; timeZone?: string; tenantNum?: string },
): Promise<TenantRow> => {
  const [row] = await db
    .insert(tenants)
    .values({
      ...(values.id === undefined ? {} : { id: values.id }),
      tenantName: values.tenantName,
      // Replaced below by a number derived from the id; unique placeholder until then.
      tenantNum: sql`'T-' || gen_random_uuid()::text`,
      noviceFlag: values.noviceFlag,
      ...(values.timeZone ? { timeZone: values.timeZone } : {}),
    })
    .returning({ id: tenants.id });
  if (!row) throw new Error('tenant insert returned nothing');
  if (values.id !== undefined && values.id > 0) await skipIdentityPast(db, values.id);
  const [t] = await db
    .update(tenants)
    .set({ tenantNum: values.tenantNum ?? sql`'T' || lpad(${tenants.id}::text, 6, '0')` })
    .where(eq(tenants.id, row.id))
    .returning(TENANT_ROW);
  if (!t) throw new Error('tenant update returned nothing');
  return t;
};

/**
 * After an insert with an explicit id (the platform tenant, the demo tenants), move the identity past it so
 * the next registration does not collide. nextval, not setval: the application role may only use sequences.
 */
const skipIdentityPast = async (db: Db, id: number): Promise<void> => {
  for (let i = 0; i < 10_000; i++) {
    const r = (await db.execute(
      sql`select nextval(pg_get_serial_sequence('tenants', 'id'))::bigint as v`,
    )) as unknown as {
      rows: { v: string | number }[];
    };
    if (Number(r.rows[0]?.v) >= id) return;
  }
};

export const findTenant = async (db: Db, id: number): Promise<TenantRow | undefined> => {
  const [t] = await db.select(TENANT_ROW).from(tenants).where(eq(tenants.id, id));
  return t;
};

/** SessionStore.tenantTimeZone: the zone every request of the tenant computes its days in. */
export const tenantTimeZone = async (db: Db, id: number): Promise<string | undefined> => {
  const [t] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, id));
  return t?.timeZone;
};

/** Saves the tenant's settings when the version matches; undefined when it is stale or gone. */
export const updateTenantSettings = async (
  db: Db,
  id: number,
  version: number,
  set: { timeZone: string },
): Promise<TenantRow | undefined> => {
  const [t] = await db
    .update(tenants)
    .set({ ...set, objectVersionNumber: sql`${tenants.objectVersionNumber} + 1` })
    .where(and(eq(tenants.id, id), eq(tenants.objectVersionNumber, version)))
    .returning(TENANT_ROW);
  return t;
};

export const setNoviceFlag = async (db: Db, id: number, flag: 0 | 1): Promise<boolean> => {
  const rows = await db
    .update(tenants)
    .set({ noviceFlag: flag })
    .where(eq(tenants.id, id))
    .returning({ id: tenants.id });
  return rows.length > 0;
};

// ---- brand by domain (global table) ----

export const findBrandByDomain = async (db: Db, domainName: string): Promise<TenantBrand | undefined> => {
  const [r] = await db
    .select({ brand: tenantDomains.brand })
    .from(tenantDomains)
    .where(eq(tenantDomains.domainName, domainName));
  return r?.brand;
};

// ---- menu themes (one per user per tenant) ----

export type MenuThemeRow = typeof menuThemes.$inferSelect;

const themeKey = (tenantId: number, userId: number) =>
  and(eq(menuThemes.tenantId, tenantId), eq(menuThemes.userId, userId));

export const findMenuTheme = async (
  db: Db,
  tenantId: number,
  userId: number,
): Promise<MenuThemeRow | undefined> => {
  const [r] = await db.select().from(menuThemes).where(themeKey(tenantId, userId));
  return r;
};

/**
 * Saves the user's theme. Without a version it is a plain upsert; with one, only that version is
 * replaced and undefined is answered when it is stale.
 */
export const saveMenuTheme = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: { theme: string; open: number | undefined },
  version?: number,
): Promise<MenuThemeRow | undefined> => {
  const values = {
    theme: v.theme,
    ...(v.open === undefined ? {} : { open: v.open }),
    ...bump(userId, menuThemes.objectVersionNumber),
  };
  if (version !== undefined) {
    const [r] = await db
      .update(menuThemes)
      .set(values)
      .where(and(themeKey(tenantId, userId), eq(menuThemes.objectVersionNumber, version)))
      .returning();
    return r;
  }
  const [r] = await db
    .insert(menuThemes)
    .values({ tenantId, userId, theme: v.theme, open: v.open ?? 1, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoUpdate({ target: [menuThemes.tenantId, menuThemes.userId], set: values })
    .returning();
  return r;
};

// ---- visualization screens ----

export type TenantScreenRow = typeof tenantScreens.$inferSelect;

export interface ScreenValues {
  screenName: string;
  screenImage: string | null;
  screenAddress: string;
  screenType: number;
  sort: number;
}

const screenKey = (tenantId: number, id: number) =>
  and(eq(tenantScreens.tenantId, tenantId), eq(tenantScreens.id, id));

export const listScreens = async (db: Db, tenantId: number): Promise<TenantScreenRow[]> =>
  db
    .select()
    .from(tenantScreens)
    .where(eq(tenantScreens.tenantId, tenantId))
    .orderBy(asc(tenantScreens.sort), asc(tenantScreens.id));

export const findScreen = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<TenantScreenRow | undefined> => {
  const [r] = await db.select().from(tenantScreens).where(screenKey(tenantId, id));
  return r;
};

export const insertScreen = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: ScreenValues,
): Promise<TenantScreenRow> => {
  const [r] = await db
    .insert(tenantScreens)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('screen insert returned nothing');
  return r;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateScreen = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<ScreenValues>,
): Promise<TenantScreenRow | undefined> => {
  const [r] = await db
    .update(tenantScreens)
    .set({
      ...v,
      ...bump(userId, tenantScreens.objectVersionNumber),
    })
    .where(and(screenKey(tenantId, id), eq(tenantScreens.objectVersionNumber, version)))
    .returning();
  return r;
};

export const deleteScreen = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db
    .delete(tenantScreens)
    .where(screenKey(tenantId, id))
    .returning({ id: tenantScreens.id });
  return gone.length > 0;
};

export const listTenantIds = async (db: Db): Promise<number[]> =>
  (await db.select({ id: tenants.id }).from(tenants)).map((t) => t.id);

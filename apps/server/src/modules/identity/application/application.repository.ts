import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { ClientRow } from '../../../platform/auth/session-store.js';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { tenants } from '../tenant/index.js';
import { applications } from './application.tables.js';

export type ApplicationRow = typeof applications.$inferSelect;

export interface ApplicationValues {
  name: string;
  description: string | null;
  scopes: string[];
  expiresAt: Date | null;
  ipAllowList: string[];
}

const UNIQUE = { applications_name_uq: 'name', applications_app_id_uq: 'appId' } as const;
type Clash = (typeof UNIQUE)[keyof typeof UNIQUE];

export const listApplications = async (
  db: Db,
  tenantId: number,
  f: { name?: string | undefined; enabled?: boolean | undefined },
  limit: number | undefined,
  offset: number,
): Promise<{ rows: ApplicationRow[]; total: number }> => {
  const where = and(
    eq(applications.tenantId, tenantId),
    f.name ? ilike(applications.name, `%${escapeLike(f.name)}%`) : undefined,
    f.enabled === undefined ? undefined : eq(applications.enabled, f.enabled),
  ) as SQL;
  const q = db.select().from(applications).where(where).orderBy(desc(applications.id));
  return pageRows(q, () => db.select({ n: count() }).from(applications).where(where), limit, offset);
};

export const findApplication = async (db: Db, tenantId: number, id: number) => {
  const [r] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)));
  return r;
};

/** The application of a client id in the transaction's tenant (row-level security picks the tenant). */
export const findByAppId = async (db: Db, appId: string): Promise<ApplicationRow | undefined> => {
  const [r] = await db
    .select({ app: applications, tenantEnabled: tenants.enabled })
    .from(applications)
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .where(eq(applications.appId, appId));
  // A disabled tenant's applications are refused like disabled ones (the grant and every token check).
  return r && { ...r.app, enabled: r.app.enabled && r.tenantEnabled };
};

/** What authentication of an application's tokens needs of its row. */
export const clientRowOf = (r: ApplicationRow): ClientRow => ({
  id: r.id,
  tenantId: r.tenantId,
  appId: r.appId,
  name: r.name,
  enabled: r.enabled,
  expiresAt: r.expiresAt,
  secretGeneration: r.secretGeneration,
  scopes: r.scopes,
  ipAllowList: r.ipAllowList,
});

/** SessionStore.findClient (wired in app/server.ts). */
export const findClient = async (db: Db, appId: string): Promise<ClientRow | undefined> => {
  const r = await findByAppId(db, appId);
  return r && clientRowOf(r);
};

export const insertApplication = (
  db: Db,
  tenantId: number,
  userId: number,
  v: ApplicationValues & { appId: string; secretHash: string },
): Promise<Written<ApplicationRow, Clash> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(applications)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

/** Updates the row at `version`; undefined when it is gone or changed since (stale). */
export const updateApplication = (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  set: Partial<ApplicationValues> & { enabled?: boolean; secretHash?: string; rotate?: boolean },
): Promise<Written<ApplicationRow, Clash> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const { rotate, ...values } = set;
    const [r] = await db
      .update(applications)
      .set({
        ...values,
        ...(rotate ? { secretGeneration: sql`${applications.secretGeneration} + 1` } : {}),
        ...bump(userId, applications.objectVersionNumber),
      })
      .where(
        and(
          eq(applications.tenantId, tenantId),
          eq(applications.id, id),
          eq(applications.objectVersionNumber, version),
        ),
      )
      .returning();
    return r;
  });

export const deleteApplication = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const rows = await db
    .delete(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)))
    .returning({ id: applications.id });
  return rows.length > 0;
};

export const touchLastUsed = async (db: Db, id: number): Promise<void> => {
  await db.update(applications).set({ lastUsedAt: new Date() }).where(eq(applications.id, id));
};

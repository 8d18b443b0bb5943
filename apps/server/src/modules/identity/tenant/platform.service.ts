import type { Page } from '@tilth/contracts';
import type {
  PlatformAuditEntry,
  PlatformAuditQuery,
  PlatformTenant,
  PlatformTenantCreate,
  PlatformTenantEnable,
  PlatformTenantQuery,
  PlatformTenantUpdate,
  TenantBrandFields,
  TenantDomain,
  TenantDomainCreate,
  TenantDomainUpdate,
} from '@tilth/contracts/platform.types';
import type {
  TenantScreen,
  TenantScreenCreateBody,
  TenantScreenUpdateBody,
} from '@tilth/contracts/tenant.types';
import { forgetTenantPermissions, forgetTenantTimeZone } from '../../../platform/auth/access-cache.js';
import { hashPassword } from '../../../platform/auth/password.js';
import type { Database, Db } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { violatedRule } from '../../../platform/db/writes.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireUser } from '../../../platform/http/access.js';
import type { AuthUser, Ctx } from '../../../platform/http/context.js';
import { recordAudit } from '../audit/index.js';
import { findUserByLogin, insertUser, provisionTenant } from '../identity/index.js';
import { listAuditAcrossTenants } from './platform-audit.repository.js';
import {
  deleteDomain,
  findDomain,
  findPlatformTenant,
  insertDomain,
  listDomains,
  listPlatformTenants,
  type PlatformTenantRow,
  type TenantDomainRow,
  tenantNames,
  tenantNumTaken,
  updateDomain,
  updatePlatformTenant,
} from './platform-tenant.repository.js';
import { TenantErrors } from './tenant.errors.js';
import type { TenantBrand } from './tenant.tables.js';
import { screenOps } from './tenant-screen.ops.js';

type AdminCtx = Ctx & { user: AuthUser };

const toTenant = (r: PlatformTenantRow): PlatformTenant => ({
  id: r.id,
  tenantName: r.tenantName,
  tenantNum: r.tenantNum,
  timeZone: r.timeZone,
  enabled: r.enabled,
  memberCount: Number(r.memberCount),
  domains: r.domains ?? [],
  creationDate: r.creationDate.toISOString(),
  objectVersionNumber: r.objectVersionNumber,
});

const domainView = (r: TenantDomainRow): TenantDomain => ({
  domainName: r.domainName,
  tenantId: r.tenantId,
  brand: Object.fromEntries(Object.entries(r.brand).filter(([, v]) => typeof v === 'string')),
  objectVersionNumber: r.objectVersionNumber,
});

/** The brand fields given, without the ones left out. */
const brandOf = (b: TenantBrandFields): TenantBrand =>
  Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)) as TenantBrand;

const settingsOf = (t: PlatformTenantRow) => ({
  tenantName: t.tenantName,
  tenantNum: t.tenantNum,
  timeZone: t.timeZone,
  enabled: t.enabled,
});

/**
 * The platform administrator's tenants (issue 13 item 5). The routes run outside any tenant; each change
 * opens a transaction of the tenant acted on, so the audit row (and a screen, which is a tenant row) is
 * written under that tenant's row-level security.
 */
export class PlatformService {
  constructor(private readonly database: Database) {}

  private admin(ctx: Ctx): asserts ctx is AdminCtx {
    requireUser(ctx);
    requireAccess(ctx, 'platformAdmin');
  }

  /** Runs fn in a transaction of the tenant, with a ctx whose db is it; 404 when there is no such tenant. */
  private async inTenant<T>(
    ctx: AdminCtx,
    id: number,
    fn: (tctx: AdminCtx, t: PlatformTenantRow, tx: Db) => Promise<T>,
  ): Promise<T> {
    return this.database.withTenant(id, async (tx) => {
      const t = await findPlatformTenant(tx, id);
      if (!t) throw TenantErrors.notFound();
      return fn({ ...ctx, db: tx, transact: (f) => f(tx) }, t, tx);
    });
  }

  async list(ctx: Ctx, q: PlatformTenantQuery): Promise<Page<PlatformTenant>> {
    this.admin(ctx);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await listPlatformTenants(ctx.db, q, limit, offset);
    return pageAnswer(rows.map(toTenant), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<PlatformTenant> {
    this.admin(ctx);
    const t = await findPlatformTenant(ctx.db, id);
    if (!t) throw TenantErrors.notFound();
    return toTenant(t);
  }

  /** A tenant made exactly as registration makes one, with its first administrator found or made by phone. */
  async create(ctx: Ctx, body: PlatformTenantCreate) {
    this.admin(ctx);
    const existing = await findUserByLogin(ctx.db, body.adminPhone);
    let passwordHash: string | undefined;
    if (!existing) {
      if (!body.adminName || !body.adminPassword)
        throw TenantErrors.adminDetailsRequired({ phone: body.adminPhone });
      passwordHash = await hashPassword(body.adminPassword);
    }
    if (body.tenantNum && (await tenantNumTaken(ctx.db, body.tenantNum)))
      throw TenantErrors.tenantNumTaken({ tenantNum: body.tenantNum });
    try {
      return await this.database.transaction(async (tx) => {
        const { tenant, adminUserId } = await provisionTenant(
          tx,
          { tenantName: body.tenantName, tenantNum: body.tenantNum, timeZone: body.timeZone, noviceFlag: 1 },
          async (t) => {
            if (existing) return existing.id;
            const u = await insertUser(tx, {
              loginName: body.adminPhone,
              realName: body.adminName ?? body.adminPhone,
              phone: body.adminPhone,
              passwordHash: passwordHash ?? '',
              defaultTenantId: t.id,
            });
            return u.id;
          },
        );
        const row = await findPlatformTenant(tx, tenant.id);
        if (!row) throw new Error('tenant vanished in its own transaction');
        // provisionTenant left the transaction on the new tenant: the entry is the new tenant's.
        await recordAudit(
          { ...ctx, db: tx },
          {
            tenantId: tenant.id,
            action: 'tenant.create',
            targetType: 'tenant',
            targetId: tenant.id,
            targetName: tenant.tenantName,
            after: { ...settingsOf(row), adminUserId, adminPhone: body.adminPhone, adminCreated: !existing },
          },
        );
        return { ...toTenant(row), adminUserId, adminCreated: !existing };
      });
    } catch (err) {
      const rule = violatedRule(err, {
        tenants_num_uq: 'num',
        users_phone_uq: 'login',
        users_login_name_uq: 'login',
      } as const);
      if (rule === 'num') throw TenantErrors.tenantNumTaken({ tenantNum: body.tenantNum ?? '' });
      if (rule === 'login') throw TenantErrors.adminLoginTaken({ phone: body.adminPhone });
      throw err;
    }
  }

  async update(ctx: Ctx, id: number, body: PlatformTenantUpdate): Promise<PlatformTenant> {
    this.admin(ctx);
    const out = await this.inTenant(ctx, id, async (tctx, before, tx) => {
      const ok = await updatePlatformTenant(tx, id, body.objectVersionNumber, {
        tenantName: body.tenantName,
        timeZone: body.timeZone,
      });
      if (!ok) throw CommonErrors.stale();
      const after = await findPlatformTenant(tx, id);
      if (!after) throw TenantErrors.notFound();
      await recordAudit(tctx, {
        tenantId: id,
        action: 'tenant.update',
        targetType: 'tenant',
        targetId: id,
        targetName: after.tenantName,
        before: settingsOf(before),
        after: settingsOf(after),
      });
      return toTenant(after);
    });
    forgetTenantTimeZone(id);
    return out;
  }

  /**
   * Disabling refuses the tenant's members there at once in this process (their cached memberships are
   * forgotten; the membership check reads the tenant's flag) and within the access-cache TTL elsewhere.
   * Their sessions stay open for their other tenants. The platform tenant is never disabled.
   */
  async setEnabled(ctx: Ctx, id: number, body: PlatformTenantEnable): Promise<PlatformTenant> {
    this.admin(ctx);
    if (id === PLATFORM_TENANT_ID && !body.enabled) throw TenantErrors.tenantZeroFixed();
    const out = await this.inTenant(ctx, id, async (tctx, before, tx) => {
      if (!(await updatePlatformTenant(tx, id, body.objectVersionNumber, { enabled: body.enabled })))
        throw CommonErrors.stale();
      const after = await findPlatformTenant(tx, id);
      if (!after) throw TenantErrors.notFound();
      await recordAudit(tctx, {
        tenantId: id,
        action: body.enabled ? 'tenant.enable' : 'tenant.disable',
        targetType: 'tenant',
        targetId: id,
        targetName: after.tenantName,
        before: { enabled: before.enabled },
        after: { enabled: after.enabled },
      });
      return toTenant(after);
    });
    // After the commit, so no request re-reads the old flag into the cache.
    forgetTenantPermissions(id);
    return out;
  }

  // ---- domains and brand ----

  async domains(ctx: Ctx, id: number): Promise<TenantDomain[]> {
    this.admin(ctx);
    if (!(await findPlatformTenant(ctx.db, id))) throw TenantErrors.notFound();
    return (await listDomains(ctx.db, id)).map(domainView);
  }

  async domain(ctx: Ctx, id: number, domainName: string): Promise<TenantDomain> {
    this.admin(ctx);
    const d = await findDomain(ctx.db, domainName.trim().toLowerCase());
    if (!d || d.tenantId !== id) throw TenantErrors.domainNotFound();
    return domainView(d);
  }

  async addDomain(ctx: Ctx, id: number, body: TenantDomainCreate): Promise<TenantDomain> {
    this.admin(ctx);
    return this.inTenant(ctx, id, async (tctx, t, tx) => {
      const row = await insertDomain(tx, {
        domainName: body.domainName,
        tenantId: id,
        brand: brandOf(body.brand),
      });
      if (!row) throw TenantErrors.domainTaken({ domainName: body.domainName });
      const after = domainView(row);
      await recordAudit(tctx, {
        tenantId: id,
        action: 'tenant-domain.create',
        targetType: 'tenant-domain',
        targetId: row.domainName,
        targetName: `${t.tenantName} · ${row.domainName}`,
        after,
      });
      return after;
    });
  }

  async updateDomain(
    ctx: Ctx,
    id: number,
    domainName: string,
    body: TenantDomainUpdate,
  ): Promise<TenantDomain> {
    this.admin(ctx);
    const current = domainName.trim().toLowerCase();
    try {
      return await this.inTenant(ctx, id, async (tctx, t, tx) => {
        const before = await findDomain(tx, current);
        if (!before || before.tenantId !== id) throw TenantErrors.domainNotFound();
        if (body.domainName !== current && (await findDomain(tx, body.domainName)))
          throw TenantErrors.domainTaken({ domainName: body.domainName });
        const row = await updateDomain(tx, id, current, body.objectVersionNumber, {
          domainName: body.domainName,
          brand: brandOf(body.brand),
        });
        if (!row) throw CommonErrors.stale();
        const after = domainView(row);
        await recordAudit(tctx, {
          tenantId: id,
          action: 'tenant-domain.update',
          targetType: 'tenant-domain',
          targetId: row.domainName,
          targetName: `${t.tenantName} · ${row.domainName}`,
          before: domainView(before),
          after,
        });
        return after;
      });
    } catch (err) {
      // A rename racing another registration of the same name.
      if (violatedRule(err, { tenant_domains_pkey: 'taken' } as const))
        throw TenantErrors.domainTaken({ domainName: body.domainName });
      throw err;
    }
  }

  async deleteDomain(ctx: Ctx, id: number, domainName: string): Promise<{ success: boolean }> {
    this.admin(ctx);
    const name = domainName.trim().toLowerCase();
    return this.inTenant(ctx, id, async (tctx, t, tx) => {
      const before = await findDomain(tx, name);
      if (!before || before.tenantId !== id || !(await deleteDomain(tx, id, name)))
        throw TenantErrors.domainNotFound();
      await recordAudit(tctx, {
        tenantId: id,
        action: 'tenant-domain.delete',
        targetType: 'tenant-domain',
        targetId: name,
        targetName: `${t.tenantName} · ${name}`,
        before: domainView(before),
      });
      return { success: true };
    });
  }

  // ---- screens of a chosen tenant: the tenant console's own operations (tenant-screen.ops) ----

  async screens(ctx: Ctx, id: number): Promise<TenantScreen[]> {
    this.admin(ctx);
    return this.inTenant(ctx, id, (tctx) => screenOps.list(tctx, id));
  }

  async addScreen(ctx: Ctx, id: number, body: TenantScreenCreateBody): Promise<TenantScreen> {
    this.admin(ctx);
    return this.inTenant(ctx, id, (tctx) => screenOps.create(tctx, id, body));
  }

  async updateScreen(ctx: Ctx, id: number, body: TenantScreenUpdateBody): Promise<TenantScreen> {
    this.admin(ctx);
    return this.inTenant(ctx, id, (tctx) => screenOps.update(tctx, id, body));
  }

  async deleteScreen(ctx: Ctx, id: number, screenId: number): Promise<{ success: boolean }> {
    this.admin(ctx);
    return this.inTenant(ctx, id, (tctx) => screenOps.delete(tctx, id, screenId));
  }

  // ---- audit of every tenant ----

  async audit(ctx: Ctx, q: PlatformAuditQuery): Promise<Page<PlatformAuditEntry>> {
    this.admin(ctx);
    const names = await tenantNames(ctx.db);
    const all = [...names.keys()];
    const ids = q.tenantId === undefined ? all : all.filter((id) => id === q.tenantId);
    const { rows, total } = await listAuditAcrossTenants(
      this.database,
      ids,
      {
        action: q.action,
        actor: q.actor,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      },
      q.page,
      q.size,
    );
    const content = rows.map((r) => ({
      id: r.id,
      tenantId: r.tenantId,
      tenantName: names.get(r.tenantId) ?? null,
      at: r.at.toISOString(),
      actorKind: r.actorKind,
      actorId: r.actorId,
      actorName: r.actorName,
      ip: r.ip,
      userAgent: r.userAgent,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetName: r.targetName,
      before: r.before,
      after: r.after,
    }));
    return pageAnswer(content, total, q);
  }
}

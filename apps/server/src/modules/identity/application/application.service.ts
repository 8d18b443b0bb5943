import type {
  Application,
  ApplicationCreateBody,
  ApplicationListQuery,
  ApplicationUpdateBody,
  ApplicationWithSecret,
} from '@tilth/contracts/application.types';
import type { Page } from '@tilth/contracts/common.types';
import { isPermissionCode, type PermissionCode } from '@tilth/contracts/permissions';
import { forgetClient } from '../../../platform/auth/access-cache.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../audit/index.js';
import { ApplicationErrors } from './application.errors.js';
import * as repo from './application.repository.js';
import { hashSecret, newAppId, newSecret } from './application.secret.js';

export const APPLICATION_ACCESS = {
  read: 'wfpf.company.system.application',
  create: 'wfpf.company.system.application.ps.create',
  edit: 'wfpf.company.system.application.ps.edit',
  delete: 'wfpf.company.system.application.ps.delete',
} as const satisfies Record<string, PermissionCode>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const toApplication = (r: repo.ApplicationRow): Application => ({
  id: r.id,
  name: r.name,
  description: r.description,
  appId: r.appId,
  scopes: r.scopes,
  enabled: r.enabled,
  expiresAt: iso(r.expiresAt),
  ipAllowList: r.ipAllowList,
  secretGeneration: r.secretGeneration,
  lastUsedAt: iso(r.lastUsedAt),
  creationDate: r.creationDate.toISOString(),
  lastUpdateDate: r.lastUpdateDate.toISOString(),
  objectVersionNumber: r.objectVersionNumber,
});

/** What the audit log keeps of an application (never the secret or its hash). */
const audited = (a: Application) => ({
  name: a.name,
  description: a.description,
  scopes: a.scopes,
  enabled: a.enabled,
  expiresAt: a.expiresAt,
  ipAllowList: a.ipAllowList,
  secretGeneration: a.secretGeneration,
});

/**
 * Applications of a tenant (issue 13 item 6). Every change forgets the application's cache entry, so its
 * tokens are judged by the new state at once in this process (other processes within the access-cache TTL)
 * and its live streams end.
 */
export class ApplicationService {
  async list(ctx: Ctx, q: ApplicationListQuery): Promise<Page<Application>> {
    requireAccess(ctx, APPLICATION_ACCESS.read);
    requireTenant(ctx);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await repo.listApplications(
      ctx.db,
      ctx.tenantId,
      { name: q.name || undefined, enabled: q.enabled },
      limit,
      offset,
    );
    return pageAnswer(rows.map(toApplication), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Application> {
    requireAccess(ctx, APPLICATION_ACCESS.read);
    requireTenant(ctx);
    return toApplication(await this.load(ctx, id));
  }

  /** A new application and its secret, answered this once. */
  async create(ctx: Ctx, body: ApplicationCreateBody): Promise<ApplicationWithSecret> {
    requireAccess(ctx, APPLICATION_ACCESS.create);
    requireTenant(ctx);
    this.checkScopes(ctx, body.scopes, []);
    const clientSecret = newSecret();
    const res = await repo.insertApplication(ctx.db, ctx.tenantId, ctx.user.id, {
      name: body.name,
      description: body.description ?? null,
      scopes: [...new Set(body.scopes)],
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      ipAllowList: [...new Set(body.ipAllowList)],
      appId: newAppId(ctx.tenantId),
      secretHash: hashSecret(clientSecret),
    });
    const row = this.written(res, body.name);
    const application = toApplication(row);
    await recordAudit(ctx, {
      action: 'application.create',
      targetType: 'application',
      targetId: row.id,
      targetName: row.name,
      after: { appId: row.appId, ...audited(application) },
    });
    return { application, clientSecret };
  }

  async update(ctx: Ctx, body: ApplicationUpdateBody): Promise<Application> {
    requireAccess(ctx, APPLICATION_ACCESS.edit);
    requireTenant(ctx);
    const before = await this.load(ctx, body.id);
    this.checkScopes(ctx, body.scopes, before.scopes);
    const res = await repo.updateApplication(
      ctx.db,
      ctx.tenantId,
      body.id,
      body.objectVersionNumber,
      ctx.user.id,
      {
        name: body.name,
        scopes: [...new Set(body.scopes)],
        ipAllowList: [...new Set(body.ipAllowList)],
        // Omitted optional fields keep their value; null clears (docs/api.md, Updates).
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.expiresAt === undefined
          ? {}
          : { expiresAt: body.expiresAt ? new Date(body.expiresAt) : null }),
      },
    );
    return this.changed(ctx, 'application.update', before, this.written(res, body.name));
  }

  async setEnabled(ctx: Ctx, id: number, enabled: boolean, version: number): Promise<Application> {
    requireAccess(ctx, APPLICATION_ACCESS.edit);
    requireTenant(ctx);
    const before = await this.load(ctx, id);
    const res = await repo.updateApplication(ctx.db, ctx.tenantId, id, version, ctx.user.id, { enabled });
    const action = enabled ? 'application.enable' : 'application.disable';
    return this.changed(ctx, action, before, this.written(res, before.name));
  }

  /** A new secret, answered this once; the old one and every token issued with it stop working at once. */
  async rotate(ctx: Ctx, id: number, version: number): Promise<ApplicationWithSecret> {
    requireAccess(ctx, APPLICATION_ACCESS.edit);
    requireTenant(ctx);
    const before = await this.load(ctx, id);
    const clientSecret = newSecret();
    const res = await repo.updateApplication(ctx.db, ctx.tenantId, id, version, ctx.user.id, {
      secretHash: hashSecret(clientSecret),
      rotate: true,
    });
    const application = await this.changed(ctx, 'application.rotate', before, this.written(res, before.name));
    return { application, clientSecret };
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, APPLICATION_ACCESS.delete);
    requireTenant(ctx);
    const before = await this.load(ctx, id);
    if (!(await repo.deleteApplication(ctx.db, ctx.tenantId, id))) throw ApplicationErrors.notFound();
    forgetClient(before.appId);
    await recordAudit(ctx, {
      action: 'application.delete',
      targetType: 'application',
      targetId: id,
      targetName: before.name,
      before: { appId: before.appId, ...audited(toApplication(before)) },
    });
    return { success: true };
  }

  /**
   * Scopes are catalogue codes (400 naming an unknown one), and a caller grants only codes it holds itself
   * (codes the application already had may stay), so managing applications never widens one's own access.
   */
  private checkScopes(ctx: TenantCtx, scopes: readonly string[], had: readonly string[]): void {
    for (const code of scopes) if (!isPermissionCode(code)) throw ApplicationErrors.unknownScope({ code });
    for (const code of scopes)
      if (!had.includes(code) && !ctx.permissions.has(code)) throw ApplicationErrors.scopeNotHeld({ code });
  }

  private async load(ctx: TenantCtx, id: number): Promise<repo.ApplicationRow> {
    const row = await repo.findApplication(ctx.db, ctx.tenantId, id);
    if (!row) throw ApplicationErrors.notFound();
    return row;
  }

  private written(
    res: Awaited<ReturnType<typeof repo.updateApplication>>,
    name: string,
  ): repo.ApplicationRow {
    if (!res) throw CommonErrors.stale();
    if ('conflict' in res) {
      // A client id clash is a 1-in-2^96 chance: a retry is the client's (500 would say less).
      throw res.conflict === 'name' ? ApplicationErrors.nameExists({ name }) : CommonErrors.stale();
    }
    return res.row;
  }

  private async changed(
    ctx: TenantCtx,
    action: string,
    before: repo.ApplicationRow,
    after: repo.ApplicationRow,
  ): Promise<Application> {
    forgetClient(before.appId);
    const view = toApplication(after);
    await recordAudit(ctx, {
      action,
      targetType: 'application',
      targetId: after.id,
      targetName: after.name,
      before: audited(toApplication(before)),
      after: audited(view),
    });
    return view;
  }
}

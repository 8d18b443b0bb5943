import type {
  TenantScreen,
  TenantScreenCreateBody,
  TenantScreenUpdateBody,
} from '@tilth/contracts/tenant.types';
import { CommonErrors } from '../../../platform/errors.js';
import type { AuthUser, Ctx } from '../../../platform/http/context.js';
import { recordAudit } from '../audit/index.js';
import { TenantErrors } from './tenant.errors.js';
import {
  deleteScreen,
  findScreen,
  insertScreen,
  listScreens,
  type TenantScreenRow,
  updateScreen,
} from './tenant.repository.js';

// The work of the visualization-screen calls, after the caller's access check: the tenant's own console
// (tenant.service, permission codes) and the platform administrator's tenant screen (platform.service)
// both run these, with ctx.db a transaction of `tenantId`. Every change is audited in that tenant.

type ActorCtx = Ctx & { user: AuthUser };

export const toScreen = (r: TenantScreenRow): TenantScreen => ({
  id: r.id,
  screenName: r.screenName,
  screenImage: r.screenImage,
  screenAddress: r.screenAddress,
  screenType: r.screenType,
  sort: r.sort,
  objectVersionNumber: r.objectVersionNumber,
});

export const screenOps = {
  list: async (ctx: Ctx, tenantId: number): Promise<TenantScreen[]> =>
    (await listScreens(ctx.db, tenantId)).map(toScreen),

  create: async (ctx: ActorCtx, tenantId: number, body: TenantScreenCreateBody): Promise<TenantScreen> => {
    const row = await insertScreen(ctx.db, tenantId, ctx.user.id, {
      screenName: body.screenName,
      screenImage: body.screenImage ?? null,
      screenAddress: body.screenAddress,
      screenType: body.screenType,
      sort: body.sort,
    });
    const after = toScreen(row);
    await recordAudit(ctx, {
      tenantId,
      action: 'tenant-screen.create',
      targetType: 'tenant-screen',
      targetId: row.id,
      targetName: row.screenName,
      after,
    });
    return after;
  },

  update: async (ctx: ActorCtx, tenantId: number, body: TenantScreenUpdateBody): Promise<TenantScreen> => {
    const before = await findScreen(ctx.db, tenantId, body.id);
    if (!before) throw TenantErrors.screenNotFound();
    const row = await updateScreen(ctx.db, tenantId, body.id, body.objectVersionNumber, ctx.user.id, {
      screenName: body.screenName,
      screenAddress: body.screenAddress,
      ...(body.screenImage === undefined ? {} : { screenImage: body.screenImage }),
      ...(body.screenType === undefined ? {} : { screenType: body.screenType }),
      ...(body.sort === undefined ? {} : { sort: body.sort }),
    });
    if (!row) throw CommonErrors.stale();
    const after = toScreen(row);
    await recordAudit(ctx, {
      tenantId,
      action: 'tenant-screen.update',
      targetType: 'tenant-screen',
      targetId: row.id,
      targetName: row.screenName,
      before: toScreen(before),
      after,
    });
    return after;
  },

  delete: async (ctx: ActorCtx, tenantId: number, id: number): Promise<{ success: boolean }> => {
    const before = await findScreen(ctx.db, tenantId, id);
    if (!before || !(await deleteScreen(ctx.db, tenantId, id))) throw TenantErrors.screenNotFound();
    await recordAudit(ctx, {
      tenantId,
      action: 'tenant-screen.delete',
      targetType: 'tenant-screen',
      targetId: id,
      targetName: before.screenName,
      before: toScreen(before),
    });
    return { success: true };
  },
};

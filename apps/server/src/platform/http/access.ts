import type { PermissionCode } from '@tilth/contracts/permissions';
import { CommonErrors } from '../errors.js';
import type { AuthUser, Ctx, TenantCtx } from './context.js';

/**
 * What a route requires. Every route declares one (the route-inventory test fails otherwise):
 * - 'public': anyone, signed in or not;
 * - 'authenticated': a signed-in user (and, on a tenant route, a member of that tenant);
 * - 'platformAdmin': the platform administrator;
 * - a permission code, or a list of which any one suffices, held in the route's tenant.
 */
export type Access =
  | 'public'
  | 'authenticated'
  | 'platformAdmin'
  | PermissionCode
  | readonly PermissionCode[];

export const describeAccess = (a: Access): string => (typeof a === 'string' ? a : a.join('|'));

export function requireUser(ctx: Ctx): asserts ctx is Ctx & { user: AuthUser } {
  if (!ctx.user) throw CommonErrors.tokenInvalid();
}

export function requireTenant(ctx: Ctx): asserts ctx is TenantCtx {
  requireUser(ctx);
  if (ctx.tenantId === null) throw CommonErrors.forbidden();
}

/** The check a service starts with (Immich's requireAccess): throws unless ctx satisfies access. */
export const requireAccess = (ctx: Pick<Ctx, 'user' | 'permissions'>, access: Access): void => {
  if (access === 'public') return;
  if (!ctx.user) throw CommonErrors.tokenInvalid();
  if (access === 'authenticated') return;
  if (access === 'platformAdmin') {
    if (!ctx.user.platformAdmin) throw CommonErrors.forbidden();
    return;
  }
  const codes: readonly string[] = typeof access === 'string' ? [access] : access;
  if (!codes.some((c) => ctx.permissions.has(c))) throw CommonErrors.forbidden();
};

export const hasPermission = (ctx: Ctx, code: PermissionCode): boolean => ctx.permissions.has(code);

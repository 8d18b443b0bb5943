import { forgetUser } from '../../../platform/auth/access-cache.js';
import { hashPassword, verifyPassword } from '../../../platform/auth/password.js';
import type { Database } from '../../../platform/db/client.js';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireUser } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { AuthService } from './auth.service.js';
import { IdentityErrors } from './identity.errors.js';
import * as repo from './identity.repository.js';
import { provisionTenant } from './tenant-provision.js';

/** The signed-in user's own account and enterprises (spec 01 §7 iam/stong/v1/users/*). */
export class UserService {
  constructor(
    private readonly database: Database,
    private readonly auth: AuthService,
  ) {}

  private async me(ctx: Ctx) {
    requireUser(ctx);
    const u = await repo.findUserById(ctx.db, ctx.user.id);
    if (!u) throw CommonErrors.tokenInvalid();
    return u;
  }

  async self(ctx: Ctx) {
    const u = await this.me(ctx);
    const { rows } = await repo.listUserTenants(ctx.db, u.id);
    // A current tenant the user left no longer counts; fall back to the default, then the first.
    const current =
      rows.find((t) => t.tenantId === u.currentTenantId) ??
      rows.find((t) => t.tenantId === u.defaultTenantId) ??
      rows[0];
    return {
      id: u.id,
      tenantId: current?.tenantId ?? -1,
      loginName: u.loginName,
      realName: u.realName,
      imageUrl: u.imageUrl,
      phone: u.phone,
      defaultTenantId: u.defaultTenantId,
      platformAdmin: u.platformAdmin,
      tenants: rows.map((t) => ({ ...t, defaultFlag: t.tenantId === u.defaultTenantId ? 1 : 0 }) as const),
    };
  }

  async selfTenants(ctx: Ctx, q: { page: number; size: number; tenantName?: string | undefined }) {
    const u = await this.me(ctx);
    const { rows, total } = await repo.listUserTenants(ctx.db, u.id, {
      tenantName: q.tenantName,
      offset: q.page * q.size,
      limit: q.size,
    });
    const content = rows.map(
      (t) => ({ ...t, defaultFlag: t.tenantId === u.defaultTenantId ? 1 : 0 }) as const,
    );
    // This answer has always echoed the asked page number, also for size 0.
    return pageAnswer(content, total, q, { numberWhenAll: 'asked' });
  }

  private async requireMembership(ctx: Ctx, userId: number, tenantId: number) {
    const { rows } = await repo.listUserTenants(ctx.db, userId);
    if (!rows.some((t) => t.tenantId === tenantId)) throw IdentityErrors.notMember();
  }

  async setDefaultTenant(ctx: Ctx, tenantId: number) {
    const u = await this.me(ctx);
    await this.requireMembership(ctx, u.id, tenantId);
    await repo.updateUser(ctx.db, u.id, { defaultTenantId: tenantId });
    return this.self(ctx);
  }

  async switchTenant(ctx: Ctx, tenantId: number) {
    const u = await this.me(ctx);
    await this.requireMembership(ctx, u.id, tenantId);
    await repo.updateUser(ctx.db, u.id, { currentTenantId: tenantId });
    return this.self(ctx);
  }

  async setRealName(ctx: Ctx, realName: string) {
    const u = await this.me(ctx);
    await repo.updateUser(ctx.db, u.id, { realName });
    return this.self(ctx);
  }

  async setAvatar(ctx: Ctx, avatar: string) {
    const u = await this.me(ctx);
    // Only our own file addresses or absolute http(s) URLs; never javascript: or data: URLs.
    if (!/^(\/hfle\/|https?:\/\/)/.test(avatar)) {
      throw CommonErrors.validation({ detail: 'avatar: must be an uploaded file address or an http(s) URL' });
    }
    await repo.updateUser(ctx.db, u.id, { imageUrl: avatar });
    return this.self(ctx);
  }

  /** Changes the password and ends every other session of the account. */
  async changePassword(ctx: Ctx, input: { password: string; originalPassword: string }) {
    const u = await this.me(ctx);
    if (!(await verifyPassword(u.passwordHash, input.originalPassword))) {
      throw IdentityErrors.originalPasswordWrong();
    }
    await repo.updateUser(ctx.db, u.id, { passwordHash: await hashPassword(input.password) });
    await repo.revokeUserSessions(ctx.db, u.id, 'password-change');
    forgetUser(u.id);
    return { success: true };
  }

  /**
   * Registration (spec 01 §2.8): an SMS-verified phone creates a tenant, its first user (signing in with
   * the phone as username) as tenant administrator, and the membership — all in one transaction.
   */
  async register(
    ctx: Ctx,
    input: {
      realName: string;
      password: string;
      tenantName: string;
      phone: string;
      captcha: string;
      captchaKey: string;
      timeZone?: string | undefined;
    },
  ) {
    // The code first, so a wrong one answers the same whether or not the phone is registered (no
    // enumeration); only the phone's owner learns that it already has an account.
    await this.auth.consumePhoneCode(ctx, input.phone, input.captchaKey, input.captcha);
    if (await repo.findUserByPhone(ctx.db, input.phone)) throw IdentityErrors.phoneRegistered();
    if (await repo.findUserByLogin(ctx.db, input.phone)) throw IdentityErrors.loginNameExists();
    const passwordHash = await hashPassword(input.password);
    return this.database.transaction(async (tx) => {
      let loginName = input.phone;
      const { tenant, adminUserId } = await provisionTenant(
        tx,
        { tenantName: input.tenantName, noviceFlag: 1, timeZone: input.timeZone },
        async (t) => {
          const user = await repo.insertUser(tx, {
            loginName: input.phone,
            realName: input.realName,
            phone: input.phone,
            passwordHash,
            defaultTenantId: t.id,
          });
          loginName = user.loginName;
          return user.id;
        },
      );
      return { tenantId: tenant.id, userId: adminUserId, loginName };
    });
  }
}

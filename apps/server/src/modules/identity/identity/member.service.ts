import { randomBytes, randomInt } from 'node:crypto';
import type { TenantUserCreate, TenantUserQuery } from '@tilth/contracts/users.types';
import { forgetUser } from '../../../platform/auth/access-cache.js';
import { hashPassword } from '../../../platform/auth/password.js';
import type { Db } from '../../../platform/db/client.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { AccessService } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { unitsOfUsers } from '../organization/index.js';
import { findTenant } from '../tenant/index.js';
import type { AuthService } from './auth.service.js';
import * as repo from './identity.repository.js';
import { MemberErrors } from './member.errors.js';
import * as members from './member.repository.js';

const VIEW = 'wfpf.company.system.user-manage';
const CREATE = 'wfpf.company.system.user-manage.ps.create';
const EDIT = 'wfpf.company.system.user-manage.ps.edit';
const DELETE = 'wfpf.company.system.user-manage.ps.delete';

/** What the audit log keeps of a member: the fields an administrator changes, nothing joined. */
const logged = (v: { realName: string; phone: string | null; enabled: boolean; roleNames: string[] }) => ({
  realName: v.realName,
  phone: v.phone,
  enabled: v.enabled,
  roles: v.roleNames,
});

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A temporary password that meets the general rule (letters and digits), shown once. */
export const temporaryPassword = (): string => {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const chars = Array.from({ length: 8 }, () => letters[randomInt(letters.length)]);
  for (let i = 0; i < 3; i++) chars.splice(randomInt(chars.length + 1), 0, String(randomInt(10)));
  return chars.join('');
};

const groupBy = <T>(xs: readonly T[], key: (x: T) => number): Map<number, T[]> => {
  const m = new Map<number, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = m.get(k);
    if (list) list.push(x);
    else m.set(k, [x]);
  }
  return m;
};

/** An account invited by SMS has a password nobody knows until the person sets one with the code. */
const unusablePassword = (): string => `${randomBytes(24).toString('base64url')}#1`;

/** The users of a tenant, administered by its administrator (issue 13 item 3, spec 01 §1 memberships). */
export class MemberService {
  constructor(private readonly auth: AuthService) {}

  async list(ctx: Ctx, q: TenantUserQuery) {
    requireAccess(ctx, VIEW);
    requireTenant(ctx);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await members.listMemberRows(ctx.db, ctx.tenantId, q, limit, offset);
    return pageAnswer(await this.views(ctx, rows), total, q);
  }

  /** Every member matching the filter (the export). */
  async listAll(ctx: Ctx, q: Omit<TenantUserQuery, 'page' | 'size'>) {
    requireAccess(ctx, VIEW);
    requireTenant(ctx);
    const { rows } = await members.listMemberRows(ctx.db, ctx.tenantId, q, undefined, 0);
    return this.views(ctx, rows);
  }

  private async views(ctx: Ctx, rows: members.MemberRow[]) {
    const ids = rows.map((r) => r.id);
    const roles = await AccessService.rolesOfUsers(ctx.db, ids);
    const units = ctx.tenantId === null ? [] : await unitsOfUsers(ctx.db, ctx.tenantId, ids);
    // Grouped once: the export answers every member, and a scan of all roles per member is quadratic.
    const rolesOf = groupBy(roles, (x) => x.userId);
    const unitsOf = groupBy(units, (u) => u.userId);
    return rows.map((r) => {
      const mine = rolesOf.get(r.id) ?? [];
      const staffOf = unitsOf.get(r.id) ?? [];
      return {
        id: r.id,
        loginName: r.loginName,
        realName: r.realName,
        phone: r.phone,
        enabled: r.enabled,
        roleIds: mine.map((x) => x.roleId),
        roleNames: mine.map((x) => (ctx.lang === 'en-US' ? x.nameEn : x.nameZh)),
        unitIds: staffOf.map((u) => u.unitId),
        unitNames: staffOf.map((u) => u.name),
        lastSignInAt: iso(r.lastSignInAt),
        joinedAt: iso(r.joinedAt) ?? '',
        otherTenants: Number(r.otherTenants),
        objectVersionNumber: r.objectVersionNumber,
      };
    });
  }

  async view(ctx: TenantCtx, userId: number) {
    const row = await members.findMemberRow(ctx.db, ctx.tenantId, userId);
    if (!row) throw MemberErrors.notFound();
    const [v] = await this.views(ctx, [row]);
    if (!v) throw MemberErrors.notFound();
    return v;
  }

  private async tenantName(ctx: TenantCtx): Promise<string> {
    return (await findTenant(ctx.db, ctx.tenantId))?.tenantName ?? 'Tilth';
  }

  /** A new account with the phone as login name, a member of this tenant with the given roles. */
  async create(ctx: Ctx, input: TenantUserCreate) {
    requireAccess(ctx, CREATE);
    requireTenant(ctx);
    if (
      (await repo.findUserByPhone(ctx.db, input.phone)) ||
      (await repo.findUserByLogin(ctx.db, input.phone))
    )
      throw MemberErrors.phoneRegistered();
    const password = input.invite ? unusablePassword() : (input.password ?? unusablePassword());
    const user = await repo.insertUser(ctx.db, {
      loginName: input.phone,
      realName: input.realName,
      phone: input.phone,
      passwordHash: await hashPassword(password),
      defaultTenantId: ctx.tenantId,
    });
    await repo.addMembership(ctx.db, user.id, ctx.tenantId);
    await AccessService.setMemberRoles(ctx.db, ctx.tenantId, user.id, input.roleIds);
    if (input.invite) await this.auth.sendSetPasswordCode(ctx, input.phone, await this.tenantName(ctx));
    const view = await this.view(ctx, user.id);
    await recordAudit(ctx, {
      action: 'user.create',
      targetType: 'user',
      targetId: user.id,
      targetName: view.realName,
      after: { ...logged(view), invited: input.invite },
    });
    return { ...view, invited: input.invite };
  }

  /** An account of another tenant joins this one (spec 01 §1: one account, several tenants). */
  async addExisting(ctx: Ctx, input: { phone: string; roleIds: number[] }) {
    requireAccess(ctx, CREATE);
    requireTenant(ctx);
    const user = await repo.findUserByPhone(ctx.db, input.phone);
    if (!user) throw MemberErrors.noAccountForPhone();
    if (await repo.hasMembership(ctx.db, ctx.tenantId, user.id)) throw MemberErrors.alreadyMember();
    await repo.addMembership(ctx.db, user.id, ctx.tenantId);
    if (user.defaultTenantId === null)
      await repo.updateUser(ctx.db, user.id, { defaultTenantId: ctx.tenantId });
    await AccessService.setMemberRoles(ctx.db, ctx.tenantId, user.id, input.roleIds);
    forgetUser(user.id);
    const view = await this.view(ctx, user.id);
    await recordAudit(ctx, {
      action: 'user.add-existing',
      targetType: 'user',
      targetId: user.id,
      targetName: view.realName,
      after: logged(view),
    });
    return view;
  }

  /**
   * Name and phone. The account is shared by every tenant it belongs to, so its phone (the login name)
   * is changed only from the one tenant it belongs to.
   */
  async update(
    ctx: Ctx,
    input: { id: number; realName: string; phone: string; objectVersionNumber: number },
  ) {
    requireAccess(ctx, EDIT);
    requireTenant(ctx);
    const row = await members.findMemberRow(ctx.db, ctx.tenantId, input.id);
    if (!row) throw MemberErrors.notFound();
    if (row.objectVersionNumber !== input.objectVersionNumber) throw CommonErrors.stale();
    let loginName = row.loginName;
    if (input.phone !== row.phone) {
      if (Number(row.otherTenants) > 0 || row.platformAdmin) throw MemberErrors.sharedAccount();
      if (await members.phoneTakenByOther(ctx.db, input.phone, row.id)) throw MemberErrors.phoneRegistered();
      if (row.loginName === row.phone) loginName = input.phone;
    }
    const ok = await members.updateAccount(ctx.db, row.id, input.objectVersionNumber, {
      realName: input.realName,
      phone: input.phone,
      loginName,
    });
    if (!ok) throw CommonErrors.stale();
    forgetUser(row.id);
    await recordAudit(ctx, {
      action: 'user.update',
      targetType: 'user',
      targetId: row.id,
      targetName: input.realName,
      before: { realName: row.realName, phone: row.phone },
      after: { realName: input.realName, phone: input.phone },
    });
    return this.view(ctx, row.id);
  }

  /** Enables or disables the membership; a disabled member is refused at once (caches dropped, streams end). */
  async setEnabled(ctx: Ctx, userId: number, enabled: boolean) {
    requireAccess(ctx, EDIT);
    requireTenant(ctx);
    await this.lockedMember(ctx, userId);
    if (!enabled) {
      if (userId === ctx.user.id) throw MemberErrors.notYourself();
      await AccessService.ensureAnotherAdmin(ctx.db, ctx.tenantId, userId);
    }
    const before = await this.view(ctx, userId);
    await members.setMembershipEnabled(ctx.db, ctx.tenantId, userId, enabled);
    forgetUser(userId);
    await recordAudit(ctx, {
      action: enabled ? 'user.enable' : 'user.disable',
      targetType: 'user',
      targetId: userId,
      targetName: before.realName,
      before: { enabled: before.enabled },
      after: { enabled },
    });
    return this.view(ctx, userId);
  }

  /** Removes the member from this tenant (the account and its other tenants stay). */
  async remove(ctx: Ctx, userId: number) {
    requireAccess(ctx, DELETE);
    requireTenant(ctx);
    if (userId === ctx.user.id) throw MemberErrors.notYourself();
    await this.lockedMember(ctx, userId);
    await AccessService.ensureAnotherAdmin(ctx.db, ctx.tenantId, userId);
    const before = await this.view(ctx, userId);
    await AccessService.dropMemberRoles(ctx.db, ctx.tenantId, userId);
    await members.deleteMembership(ctx.db, ctx.tenantId, userId);
    forgetUser(userId);
    await recordAudit(ctx, {
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      targetName: before.realName,
      before: logged(before),
    });
    return { success: true };
  }

  /**
   * A temporary password shown once (accounts of this tenant only; every session ends), or an SMS code
   * with which the person sets a new one themselves.
   */
  async resetPassword(ctx: Ctx, userId: number, mode: 'temporary' | 'sms') {
    requireAccess(ctx, EDIT);
    requireTenant(ctx);
    const row = await members.findMemberRow(ctx.db, ctx.tenantId, userId);
    if (!row) throw MemberErrors.notFound();
    const audit = () =>
      recordAudit(ctx, {
        action: 'user.password-reset',
        targetType: 'user',
        targetId: userId,
        targetName: row.realName,
        after: { mode },
      });
    if (mode === 'sms') {
      if (!row.phone) throw MemberErrors.noPhone();
      await this.auth.sendSetPasswordCode(ctx, row.phone, await this.tenantName(ctx));
      await audit();
      return { mode };
    }
    if (Number(row.otherTenants) > 0 || row.platformAdmin) throw MemberErrors.sharedAccount();
    const temp = temporaryPassword();
    await repo.updateUser(ctx.db, userId, { passwordHash: await hashPassword(temp) });
    await repo.revokeUserSessions(ctx.db, userId, 'password-reset-by-admin');
    forgetUser(userId);
    await audit();
    return { mode, temporaryPassword: temp };
  }

  private async lockedMember(ctx: TenantCtx, userId: number) {
    if (!(await members.lockMembership(ctx.db, ctx.tenantId, userId))) throw MemberErrors.notFound();
  }

  /** Roles of a member being imported or created in bulk (db: the tenant's transaction). */
  static async addImported(
    db: Db,
    tenantId: number,
    rows: { realName: string; phone: string; passwordHash: string; roleIds: number[] }[],
  ): Promise<void> {
    for (const r of rows) {
      const user = await repo.insertUser(db, {
        loginName: r.phone,
        realName: r.realName,
        phone: r.phone,
        passwordHash: r.passwordHash,
        defaultTenantId: tenantId,
      });
      await repo.addMembership(db, user.id, tenantId);
      await AccessService.setMemberRoles(db, tenantId, user.id, r.roleIds);
    }
  }
}

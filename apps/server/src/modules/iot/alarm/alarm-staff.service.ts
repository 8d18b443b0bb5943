import type {
  AlarmSeverity,
  AlarmStaff,
  AlarmStaffCreateBody,
  AlarmStaffListQuery,
  AlarmStaffUpdateBody,
  AlarmStaffUser,
} from '@tilth/contracts/alarm.types';
import type { Page } from '@tilth/contracts/common.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { isTenantMember } from '../../identity/identity/index.js';
import { AlarmErrors } from './alarm.errors.js';
import { ALARM_ACCESS } from './alarm.service.js';
import {
  deleteStaff,
  findStaff,
  insertStaff,
  listStaff,
  memberUsers,
  type StaffValues,
  type StaffView,
  staffNameTaken,
  updateStaff,
} from './alarm-staff.repository.js';

const toStaff = (s: StaffView): AlarmStaff => ({
  id: s.id,
  name: s.name,
  userId: s.userId,
  userName: s.userName,
  phone: s.phone,
  notifyInApp: s.notifyInApp,
  notifySms: s.notifySms,
  minSeverity: s.minSeverity as AlarmSeverity,
  enabledFlag: s.enabledFlag === 0 ? 0 : 1,
  objectVersionNumber: s.objectVersionNumber,
  creationDate: s.creationDate.toISOString(),
});

/** Alarm contacts (equipment/warning-staff): console users and/or phone numbers. */
export class AlarmStaffService {
  async list(ctx: Ctx, q: AlarmStaffListQuery): Promise<Page<AlarmStaff>> {
    requireTenant(ctx);
    // Rule forms pick contacts too, so the alarm managers may read the list.
    requireAccess(ctx, [ALARM_ACCESS.staff, ALARM_ACCESS.manage]);
    const all = q.size === 0;
    const { rows, total } = await listStaff(
      ctx.db,
      ctx.tenantId,
      { name: q.name?.trim() || undefined, enabledFlag: q.enabledFlag },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toStaff), total, q);
  }

  /** Members to link a contact to: only the contact form needs them (they carry phone numbers). */
  async candidates(ctx: Ctx): Promise<AlarmStaffUser[]> {
    requireTenant(ctx);
    requireAccess(ctx, [ALARM_ACCESS.staffCreate, ALARM_ACCESS.staffEdit]);
    return memberUsers(ctx.db, ctx.tenantId);
  }

  async create(ctx: Ctx, body: AlarmStaffCreateBody): Promise<AlarmStaff> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.staffCreate);
    const values = await this.check(ctx, body, undefined);
    const id = await insertStaff(ctx.db, ctx.tenantId, ctx.user.id, values);
    return this.load(ctx, id);
  }

  async update(ctx: Ctx, body: AlarmStaffUpdateBody): Promise<AlarmStaff> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.staffEdit);
    const current = await findStaff(ctx.db, ctx.tenantId, body.id);
    if (!current) throw AlarmErrors.staffNotFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const values = await this.check(ctx, body, current.id);
    if (!(await updateStaff(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, values)))
      throw CommonErrors.stale();
    return this.load(ctx, current.id);
  }

  /** Deletes a contact; rules that named it no longer notify it. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.staffDelete);
    if (!(await deleteStaff(ctx.db, ctx.tenantId, id))) throw AlarmErrors.staffNotFound();
    return { success: true };
  }

  private async load(ctx: TenantCtx, id: number): Promise<AlarmStaff> {
    const s = await findStaff(ctx.db, ctx.tenantId, id);
    if (!s) throw AlarmErrors.staffNotFound();
    return toStaff(s);
  }

  private async check(
    ctx: TenantCtx,
    b: AlarmStaffCreateBody,
    exceptId: number | undefined,
  ): Promise<StaffValues> {
    const userId = b.userId ?? null;
    if (userId !== null && !(await isTenantMember(ctx.db, ctx.tenantId, userId)))
      throw AlarmErrors.userNotMember();
    if (await staffNameTaken(ctx.db, ctx.tenantId, b.name, exceptId))
      throw AlarmErrors.staffNameTaken({ name: b.name });
    return {
      name: b.name,
      userId,
      phone: b.phone ?? null,
      notifyInApp: b.notifyInApp,
      notifySms: b.notifySms,
      minSeverity: b.minSeverity,
      enabledFlag: b.enabledFlag,
    };
  }
}

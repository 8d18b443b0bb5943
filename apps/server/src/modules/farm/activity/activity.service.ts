import type {
  Activity,
  ActivityCreateBody,
  ActivityListQuery,
  ActivityUpdateBody,
} from '@tilth/contracts/activity.types';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { dayEnd, dayStart, parseLocalTime } from '../../../platform/time/zone.js';
import { findBase } from '../area/index.js';
import { ActivityErrors } from './activity.errors.js';
import {
  type ActivityValues,
  type ActivityView,
  deleteActivity,
  findActivity,
  insertActivity,
  listActivities,
  updateActivity,
} from './activity.repository.js';

export const ACTIVITY_ACCESS = {
  read: 'wfpf.farm.farm.activity',
  create: 'wfpf.farm.farm.activity.ps.create',
  edit: 'wfpf.farm.farm.activity.ps.edit',
  delete: 'wfpf.farm.farm.activity.ps.delete',
} as const satisfies Record<string, PermissionCode>;

type Status = Activity['status'];

/** Upcoming before its start, ongoing until its end (inclusive), ended after. */
export const activityStatusAt = (start: Date, end: Date, now: Date): Status =>
  now < start ? 'upcoming' : now <= end ? 'ongoing' : 'ended';

const toActivity = (r: ActivityView, now: Date): Activity => ({
  activityId: r.id,
  activityName: r.activityName,
  activityType: r.activityType,
  areaId: r.areaId,
  areaName: r.areaName,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
  status: activityStatusAt(r.startTime, r.endTime, now),
  location: r.location,
  capacity: r.capacity,
  coverUrl: r.coverUrl,
  description: r.description,
  enabledFlag: r.enabledFlag === 0 ? 0 : 1,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

/** A parsed activityTime: an ISO instant, or wall time without an offset, read in the tenant's zone. */
const instantOf = (ctx: TenantCtx, text: string): Date => {
  const at = parseLocalTime(text, ctx.timeZone);
  // activityTime only lets real dates through; this guards a caller that skipped the contract.
  if (!at) throw CommonErrors.validation({ detail: 'must be a date-time YYYY-MM-DD HH:mm:ss' });
  return at;
};

export class ActivityService {
  async list(ctx: Ctx, q: ActivityListQuery): Promise<Page<Activity>> {
    requireTenant(ctx);
    requireAccess(ctx, ACTIVITY_ACCESS.read);
    if (q.startDate && q.endDate && q.startDate > q.endDate) throw ActivityErrors.dateOrder();
    const all = q.size === 0;
    const now = new Date();
    const { rows, total } = await listActivities(
      ctx.db,
      ctx.tenantId,
      {
        activityName: q.activityName?.trim() || undefined,
        activityType: q.activityType,
        areaId: q.areaId,
        status: q.status,
        from: q.startDate ? dayStart(q.startDate, ctx.timeZone) : undefined,
        to: q.endDate ? dayEnd(q.endDate, ctx.timeZone) : undefined,
        now,
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(
      rows.map((r) => toActivity(r, now)),
      total,
      q,
    );
  }

  async get(ctx: Ctx, id: number): Promise<Activity> {
    requireTenant(ctx);
    requireAccess(ctx, ACTIVITY_ACCESS.read);
    return this.load(ctx, id);
  }

  async create(ctx: Ctx, body: ActivityCreateBody): Promise<Activity> {
    requireTenant(ctx);
    requireAccess(ctx, ACTIVITY_ACCESS.create);
    const startTime = instantOf(ctx, body.startTime);
    const endTime = instantOf(ctx, body.endTime);
    if (startTime > endTime) throw ActivityErrors.dateOrder();
    const areaId = body.areaId ?? null;
    if (areaId !== null) await this.checkBase(ctx, areaId);
    const values: ActivityValues = {
      activityName: body.activityName,
      activityType: body.activityType,
      areaId,
      startTime,
      endTime,
      location: body.location ?? null,
      capacity: body.capacity ?? null,
      coverUrl: body.coverUrl ?? null,
      description: body.description ?? null,
      enabledFlag: body.enabledFlag,
    };
    const row = await insertActivity(ctx.db, ctx.tenantId, ctx.user.id, values);
    return this.load(ctx, row.id);
  }

  async update(ctx: Ctx, body: ActivityUpdateBody): Promise<Activity> {
    requireTenant(ctx);
    requireAccess(ctx, ACTIVITY_ACCESS.edit);
    const current = await findActivity(ctx.db, ctx.tenantId, body.activityId);
    if (!current) throw ActivityErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<ActivityValues> = { activityName: body.activityName };
    const startTime = body.startTime === undefined ? current.startTime : instantOf(ctx, body.startTime);
    const endTime = body.endTime === undefined ? current.endTime : instantOf(ctx, body.endTime);
    if (startTime > endTime) throw ActivityErrors.dateOrder();
    if (body.startTime !== undefined) changes.startTime = startTime;
    if (body.endTime !== undefined) changes.endTime = endTime;
    if (body.areaId !== undefined && body.areaId !== current.areaId) {
      if (body.areaId !== null) await this.checkBase(ctx, body.areaId);
      changes.areaId = body.areaId;
    }
    if (body.activityType !== undefined) changes.activityType = body.activityType;
    if (body.location !== undefined) changes.location = body.location;
    if (body.capacity !== undefined) changes.capacity = body.capacity;
    if (body.coverUrl !== undefined) changes.coverUrl = body.coverUrl;
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabledFlag !== undefined) changes.enabledFlag = body.enabledFlag;
    const row = await updateActivity(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!row) throw CommonErrors.stale();
    return this.load(ctx, current.id);
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, ACTIVITY_ACCESS.delete);
    if (!(await deleteActivity(ctx.db, ctx.tenantId, id))) throw ActivityErrors.notFound();
    return { success: true };
  }

  private async load(ctx: TenantCtx, id: number): Promise<Activity> {
    const row = await findActivity(ctx.db, ctx.tenantId, id);
    if (!row) throw ActivityErrors.notFound();
    return toActivity(row, new Date());
  }

  private async checkBase(ctx: TenantCtx, id: number): Promise<void> {
    if (!(await findBase(ctx.db, ctx.tenantId, id))) throw ActivityErrors.areaNotFound();
  }
}

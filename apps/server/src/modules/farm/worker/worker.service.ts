import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type {
  Worker,
  WorkerCandidateUser,
  WorkerCreateBody,
  WorkerListQuery,
  WorkerUpdateBody,
} from '@tilth/contracts/worker.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { isTenantMember } from '../../identity/identity/index.js';
import { findBase } from '../area/index.js';
import { WorkerErrors } from './worker.errors.js';
import {
  candidateUsers,
  countOpenTasks,
  deleteWorker,
  findWorker,
  findWorkerOfUser,
  insertWorker,
  listWorkers,
  updateWorker,
  type WorkerValues,
  type WorkerView,
  type WorkerWrite,
} from './worker.repository.js';

export const WORKER_ACCESS = {
  read: 'wfpf.farm.farm.worker',
  create: 'wfpf.farm.farm.worker.ps.create',
  edit: 'wfpf.farm.farm.worker.ps.edit',
  delete: 'wfpf.farm.farm.worker.ps.delete',
} as const satisfies Record<string, PermissionCode>;

export const toWorker = (r: WorkerView): Worker => ({
  workerId: r.id,
  name: r.workerName,
  phone: r.phone,
  organizationId: r.organizationId,
  areaName: r.areaName,
  userId: r.userId,
  userName: r.userName,
  jobTitle: r.jobTitle,
  description: r.description,
  enabledFlag: r.enabledFlag === 0 ? 0 : 1,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

export class WorkerService {
  async list(ctx: Ctx, q: WorkerListQuery): Promise<Page<Worker>> {
    requireTenant(ctx);
    requireAccess(ctx, WORKER_ACCESS.read);
    const all = q.size === 0;
    const { rows, total } = await listWorkers(
      ctx.db,
      ctx.tenantId,
      { name: q.name?.trim() || undefined, organizationId: q.organizationId, enabledFlag: q.enabledFlag },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toWorker), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Worker> {
    requireTenant(ctx);
    requireAccess(ctx, WORKER_ACCESS.read);
    const row = await findWorker(ctx.db, ctx.tenantId, id);
    if (!row) throw WorkerErrors.notFound();
    return toWorker(row);
  }

  /** The worker the signed-in user is linked to in this tenant, or null (my tasks). */
  async self(ctx: Ctx): Promise<Worker | null> {
    requireTenant(ctx);
    requireAccess(ctx, 'authenticated');
    const row = await findWorkerOfUser(ctx.db, ctx.tenantId, ctx.user.id);
    return row ? toWorker(row) : null;
  }

  /** Members who may be linked: not linked yet, or linked to `workerId` (the one being edited). */
  async candidates(ctx: Ctx, workerId: number | undefined): Promise<WorkerCandidateUser[]> {
    requireTenant(ctx);
    requireAccess(ctx, [WORKER_ACCESS.create, WORKER_ACCESS.edit]);
    return candidateUsers(ctx.db, ctx.tenantId, workerId);
  }

  async create(ctx: Ctx, body: WorkerCreateBody): Promise<Worker> {
    requireTenant(ctx);
    requireAccess(ctx, WORKER_ACCESS.create);
    const organizationId = body.organizationId ?? null;
    const userId = body.userId ?? null;
    if (organizationId !== null) await this.checkBase(ctx, organizationId);
    if (userId !== null) await this.checkUser(ctx, userId, undefined);
    const values: WorkerValues = {
      workerName: body.name,
      phone: body.phone ?? null,
      organizationId,
      userId,
      jobTitle: body.jobTitle ?? null,
      description: body.description ?? null,
      enabledFlag: body.enabledFlag,
    };
    const res = await insertWorker(ctx.db, ctx.tenantId, ctx.user.id, values);
    return this.load(ctx, (await this.written(ctx, res, userId)).id);
  }

  async update(ctx: Ctx, body: WorkerUpdateBody): Promise<Worker> {
    requireTenant(ctx);
    requireAccess(ctx, WORKER_ACCESS.edit);
    const current = await findWorker(ctx.db, ctx.tenantId, body.workerId);
    if (!current) throw WorkerErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<WorkerValues> = { workerName: body.name };
    if (body.organizationId !== undefined && body.organizationId !== current.organizationId) {
      if (body.organizationId !== null) await this.checkBase(ctx, body.organizationId);
      changes.organizationId = body.organizationId;
    }
    if (body.userId !== undefined && body.userId !== current.userId) {
      if (body.userId !== null) await this.checkUser(ctx, body.userId, current.id);
      changes.userId = body.userId;
    }
    if (body.phone !== undefined) changes.phone = body.phone;
    if (body.jobTitle !== undefined) changes.jobTitle = body.jobTitle;
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabledFlag !== undefined) changes.enabledFlag = body.enabledFlag;
    const res = await updateWorker(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!res) throw CommonErrors.stale();
    await this.written(ctx, res, changes.userId ?? null);
    return this.load(ctx, current.id);
  }

  /** Deletes a worker with no open task (leader or participant); such a worker can be disabled instead. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, WORKER_ACCESS.delete);
    // The row lock makes a concurrent edit of this worker wait until the delete is decided.
    const current = await findWorker(ctx.db, ctx.tenantId, id, 'update');
    if (!current) throw WorkerErrors.notFound();
    const open = await countOpenTasks(ctx.db, ctx.tenantId, current.id);
    if (open > 0) throw WorkerErrors.hasOpenTasks({ count: open });
    if (!(await deleteWorker(ctx.db, ctx.tenantId, current.id))) throw WorkerErrors.notFound();
    return { success: true };
  }

  private async load(ctx: TenantCtx, id: number): Promise<Worker> {
    const row = await findWorker(ctx.db, ctx.tenantId, id);
    if (!row) throw WorkerErrors.notFound();
    return toWorker(row);
  }

  /** Any unit of the tenant's tree but the enterprise root (ADR 0011: workers belong to units). */
  private async checkBase(ctx: TenantCtx, id: number): Promise<void> {
    const unit = await findBase(ctx.db, ctx.tenantId, id);
    if (!unit || unit.organizationType === 'enterprise') throw WorkerErrors.areaNotFound();
  }

  /** A member of the tenant, not linked to another worker. */
  private async checkUser(ctx: TenantCtx, userId: number, exceptWorkerId: number | undefined): Promise<void> {
    if (!(await isTenantMember(ctx.db, ctx.tenantId, userId))) throw WorkerErrors.userNotMember();
    const linked = await findWorkerOfUser(ctx.db, ctx.tenantId, userId);
    if (linked && linked.id !== exceptWorkerId) throw WorkerErrors.userLinked({ name: linked.workerName });
  }

  /** A write that lost the one-worker-per-user race names the winner. */
  private async written(ctx: TenantCtx, res: WorkerWrite, userId: number | null) {
    if ('row' in res) return res.row;
    const linked = userId === null ? undefined : await findWorkerOfUser(ctx.db, ctx.tenantId, userId);
    throw WorkerErrors.userLinked({ name: linked?.workerName ?? '' });
  }
}

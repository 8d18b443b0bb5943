import type { Page } from '@tilth/contracts/common.types';
import type {
  TaskType,
  TaskTypeCreateBody,
  TaskTypePageQuery,
  TaskTypeUpdateBody,
} from '@tilth/contracts/crop.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { flagOf } from '../../../platform/db/columns.js';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { recordAudit } from '../../identity/audit/index.js';
import { TaskTypeErrors } from './crop.errors.js';
import { lockCatalogue, type Written } from './crop.repository.js';
import {
  deleteTaskType,
  findTaskType,
  findTaskTypeClash,
  insertTaskType,
  listTaskTypes,
  type TaskTypeClash,
  type TaskTypeRow,
  type TaskTypeValues,
  updateTaskType,
} from './task-type.repository.js';

/** Access of the task-type calls; reading is open to every member (task and plan forms). */
export const TASK_TYPE_ACCESS = {
  read: 'authenticated',
  create: 'wfpf.company.system.taskType.ps.create',
  edit: 'wfpf.company.system.taskType.ps.edit',
  delete: 'wfpf.company.system.taskType.ps.delete',
} as const satisfies Record<string, 'authenticated' | PermissionCode>;

export const toTaskType = (r: TaskTypeRow): TaskType => ({
  taskTypeId: r.id,
  typeName: r.typeName,
  typeEnName: r.typeEnName,
  typeCode: r.typeCode,
  color: r.color,
  description: r.description,
  enabledFlag: flagOf(r.enabledFlag),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const clashError = (kind: TaskTypeClash, v: { typeName: string; typeCode: string | null }) =>
  kind === 'name'
    ? TaskTypeErrors.nameExists({ name: v.typeName })
    : TaskTypeErrors.codeExists({ code: v.typeCode ?? '' });

const written = (res: Written<TaskTypeRow>, v: { typeName: string; typeCode: string | null }) => {
  if ('conflict' in res) throw clashError('name', v);
  return res.row;
};

/** Kinds of farm task of a tenant: system `taskType` page (spec 01 §2.6). */
export class TaskTypeService {
  async page(ctx: Ctx, q: TaskTypePageQuery): Promise<Page<TaskType>> {
    requireAccess(ctx, TASK_TYPE_ACCESS.read);
    requireTenant(ctx);
    const { limit, offset } = pageWindow(q);
    const filter = { typeName: containsFilter(q.typeName), enabledFlag: q.enabledFlag };
    const { rows, total } = await listTaskTypes(ctx.db, ctx.tenantId, filter, limit, offset);
    return pageAnswer(rows.map(toTaskType), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<TaskType> {
    requireAccess(ctx, TASK_TYPE_ACCESS.read);
    requireTenant(ctx);
    const row = await findTaskType(ctx.db, ctx.tenantId, id);
    if (!row) throw TaskTypeErrors.notFound();
    return toTaskType(row);
  }

  async create(ctx: Ctx, body: TaskTypeCreateBody): Promise<TaskType> {
    requireAccess(ctx, TASK_TYPE_ACCESS.create);
    requireTenant(ctx);
    await lockCatalogue(ctx.db, ctx.tenantId, 'task_types');
    const values: TaskTypeValues = {
      typeName: body.typeName,
      typeEnName: body.typeEnName ?? null,
      typeCode: body.typeCode ?? null,
      color: body.color ?? null,
      description: body.description ?? null,
      enabledFlag: body.enabledFlag,
    };
    const clash = await findTaskTypeClash(ctx.db, ctx.tenantId, values);
    if (clash) throw clashError(clash, values);
    return toTaskType(written(await insertTaskType(ctx.db, ctx.tenantId, ctx.user.id, values), values));
  }

  async update(ctx: Ctx, body: TaskTypeUpdateBody): Promise<TaskType> {
    requireAccess(ctx, TASK_TYPE_ACCESS.edit);
    requireTenant(ctx);
    await lockCatalogue(ctx.db, ctx.tenantId, 'task_types');
    const current = await findTaskType(ctx.db, ctx.tenantId, body.taskTypeId);
    if (!current) throw TaskTypeErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<TaskTypeValues> = { typeName: body.typeName };
    if (body.typeEnName !== undefined) changes.typeEnName = body.typeEnName;
    if (body.typeCode !== undefined) changes.typeCode = body.typeCode;
    if (body.color !== undefined) changes.color = body.color;
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabledFlag !== undefined) changes.enabledFlag = body.enabledFlag;
    const merged = {
      typeName: body.typeName,
      typeCode: changes.typeCode === undefined ? current.typeCode : changes.typeCode,
    };
    const clash = await findTaskTypeClash(ctx.db, ctx.tenantId, merged, current.id);
    if (clash) throw clashError(clash, merged);
    const res = await updateTaskType(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!res) throw CommonErrors.stale();
    return toTaskType(written(res, merged));
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, TASK_TYPE_ACCESS.delete);
    requireTenant(ctx);
    const current = await findTaskType(ctx.db, ctx.tenantId, id);
    if (!current || !(await deleteTaskType(ctx.db, ctx.tenantId, id))) throw TaskTypeErrors.notFound();
    await recordAudit(ctx, {
      action: 'task-type.delete',
      targetType: 'task-type',
      targetId: id,
      targetName: current.typeName,
      before: { name: current.typeName, code: current.typeCode },
    });
    return { success: true };
  }
}

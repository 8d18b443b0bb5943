import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type {
  PlanInputLine,
  PlanPackage,
  PlanPackageCreateBody,
  PlanPackageDetail,
  PlanPackageListQuery,
  PlanPackageTaskBody,
  PlanPackageUpdateBody,
} from '@tilth/contracts/plan.types';
import { flagOf } from '../../../platform/db/columns.js';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { type InputRef, inputsById } from '../agricultural/index.js';
import { findCrop } from '../crop/index.js';
import { PlanPackageErrors } from './plan.errors.js';
import type { PlannedInput } from './plan.tables.js';
import {
  deletePackage,
  existingTaskTypes,
  findPackage,
  insertPackage,
  listPackages,
  lockPackages,
  type PackageRow,
  type PackageTaskValues,
  type PackageValues,
  type PackageView,
  packageNameTaken,
  packageTasks,
  replacePackageTasks,
  updatePackage,
} from './plan-package.repository.js';

export const PLAN_PACKAGE_ACCESS = {
  read: 'wfpf.farm.farm.planPackage',
  create: 'wfpf.farm.farm.planPackage.ps.create',
  edit: 'wfpf.farm.farm.planPackage.ps.edit',
  delete: 'wfpf.farm.farm.planPackage.ps.delete',
} as const satisfies Record<string, PermissionCode>;

/** Amounts are stored as decimal text with 3 places (numeric(14,3) in task_input_usages). */
export const amountText = (n: number): string => n.toFixed(3);

/** Planned inputs with their names and units (null when the input was deleted since). */
export const inputLines = (inputs: PlannedInput[], refs: Map<number, InputRef>): PlanInputLine[] =>
  inputs.map((i) => ({
    inputId: i.inputId,
    inputName: refs.get(i.inputId)?.inputName ?? null,
    unit: refs.get(i.inputId)?.unit ?? null,
    amount: Number(i.amount),
  }));

const toPackage = (r: PackageView): PlanPackage => ({
  packageId: r.id,
  packageName: r.packageName,
  cropId: r.cropId,
  cropName: r.cropName,
  description: r.description,
  enabledFlag: flagOf(r.enabledFlag),
  taskCount: r.taskCount,
  totalDays: r.totalDays,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

/** Plan packages (farm/planPackage): reusable task lists at day offsets from a start date. */
export class PlanPackageService {
  async list(ctx: Ctx, q: PlanPackageListQuery): Promise<Page<PlanPackage>> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_PACKAGE_ACCESS.read);
    const { limit, offset } = pageWindow(q);
    const filter = {
      packageName: containsFilter(q.packageName),
      cropId: q.cropId,
      enabledFlag: q.enabledFlag,
    };
    const { rows, total } = await listPackages(ctx.db, ctx.tenantId, ctx.lang, filter, limit, offset);
    return pageAnswer(rows.map(toPackage), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<PlanPackageDetail> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_PACKAGE_ACCESS.read);
    return this.load(ctx, id);
  }

  async create(ctx: Ctx, body: PlanPackageCreateBody): Promise<PlanPackageDetail> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_PACKAGE_ACCESS.create);
    await lockPackages(ctx.db, ctx.tenantId);
    const values: PackageValues = {
      packageName: body.packageName,
      cropId: body.cropId ?? null,
      description: body.description ?? null,
      enabledFlag: body.enabledFlag,
    };
    if (values.cropId !== null && !(await findCrop(ctx.db, ctx.tenantId, values.cropId))) {
      throw PlanPackageErrors.cropNotFound();
    }
    const tasks = await this.checkTasks(ctx, body.tasks);
    if (await packageNameTaken(ctx.db, ctx.tenantId, values.packageName)) {
      throw PlanPackageErrors.nameExists({ name: values.packageName });
    }
    const row = this.written(
      await insertPackage(ctx.db, ctx.tenantId, ctx.user.id, values),
      values.packageName,
    );
    await replacePackageTasks(ctx.db, ctx.tenantId, row.id, tasks);
    return this.load(ctx, row.id);
  }

  async update(ctx: Ctx, body: PlanPackageUpdateBody): Promise<PlanPackageDetail> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_PACKAGE_ACCESS.edit);
    await lockPackages(ctx.db, ctx.tenantId);
    const current = await findPackage(ctx.db, ctx.tenantId, body.packageId);
    if (!current) throw PlanPackageErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<PackageValues> = { packageName: body.packageName };
    if (body.cropId !== undefined) {
      if (body.cropId !== null && body.cropId !== current.cropId) {
        if (!(await findCrop(ctx.db, ctx.tenantId, body.cropId))) throw PlanPackageErrors.cropNotFound();
      }
      changes.cropId = body.cropId;
    }
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabledFlag !== undefined) changes.enabledFlag = body.enabledFlag;
    const tasks = await this.checkTasks(ctx, body.tasks);
    if (await packageNameTaken(ctx.db, ctx.tenantId, body.packageName, current.id)) {
      throw PlanPackageErrors.nameExists({ name: body.packageName });
    }
    const res = await updatePackage(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!res) throw CommonErrors.stale();
    this.written(res, body.packageName);
    await replacePackageTasks(ctx.db, ctx.tenantId, current.id, tasks);
    return this.load(ctx, current.id);
  }

  /** Deletes a package and its task list; plans made from it keep their generated tasks. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_PACKAGE_ACCESS.delete);
    if (!(await deletePackage(ctx.db, ctx.tenantId, id))) throw PlanPackageErrors.notFound();
    return { success: true };
  }

  private async load(ctx: TenantCtx, id: number): Promise<PlanPackageDetail> {
    const row = await findPackage(ctx.db, ctx.tenantId, id, ctx.lang);
    if (!row) throw PlanPackageErrors.notFound();
    const tasks = await packageTasks(ctx.db, ctx.tenantId, id, ctx.lang);
    const refs = await inputsById(ctx.db, ctx.tenantId, [
      ...new Set(tasks.flatMap((t) => t.inputs.map((i) => i.inputId))),
    ]);
    return {
      ...toPackage(row),
      tasks: tasks.map((t) => ({
        taskId: t.id,
        taskName: t.taskName,
        taskTypeId: t.taskTypeId,
        taskTypeName: t.taskTypeName,
        dayOffset: t.dayOffset,
        durationDays: t.durationDays,
        inputs: inputLines(t.inputs, refs),
        description: t.description,
        sortNo: t.sortNo,
      })),
    };
  }

  /** Task types and inputs must exist in the tenant; an input appears at most once per task. */
  private async checkTasks(ctx: TenantCtx, tasks: PlanPackageTaskBody[]): Promise<PackageTaskValues[]> {
    tasks.forEach((t, index) => {
      const seen = new Set<number>();
      for (const i of t.inputs) {
        if (seen.has(i.inputId)) throw PlanPackageErrors.inputTwice({ index });
        seen.add(i.inputId);
      }
    });
    const types = await existingTaskTypes(ctx.db, ctx.tenantId, [...new Set(tasks.map((t) => t.taskTypeId))]);
    const missingType = tasks.findIndex((t) => !types.has(t.taskTypeId));
    if (missingType >= 0) throw PlanPackageErrors.taskTypeNotFound({ index: missingType });
    const inputs = await inputsById(ctx.db, ctx.tenantId, [
      ...new Set(tasks.flatMap((t) => t.inputs.map((i) => i.inputId))),
    ]);
    tasks.forEach((t, index) => {
      const missing = t.inputs.find((i) => !inputs.has(i.inputId));
      if (missing) throw PlanPackageErrors.inputNotFound({ index, inputId: missing.inputId });
    });
    return tasks.map((t) => ({
      taskName: t.taskName,
      taskTypeId: t.taskTypeId,
      dayOffset: t.dayOffset,
      durationDays: t.durationDays,
      inputs: t.inputs.map((i) => ({ inputId: i.inputId, amount: amountText(i.amount) })),
      description: t.description ?? null,
    }));
  }

  private written(res: { row: PackageRow } | { conflict: 'name' }, name: string): PackageRow {
    if ('conflict' in res) throw PlanPackageErrors.nameExists({ name });
    return res.row;
  }
}

import type {
  TaskAction,
  TaskAssignBody,
  TaskDetail,
  TaskFinishBody,
  TaskReasonBody,
  TaskVersionBody,
} from '@tilth/contracts/task.types';
import { TASK_PHOTO_URL } from '@tilth/contracts/task.types';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { today } from '../../../platform/time/zone.js';
import { ownFiles } from '../../messaging/file/index.js';
import { enqueuePush } from '../../messaging/push/index.js';
import { AgriculturalErrors, applyStockChanges, inputsById } from '../agricultural/index.js';
import { findBase } from '../area/index.js';
import { TaskErrors } from './task.errors.js';
import { addUsages, replaceParticipants, type TaskValues, updateTask } from './task.repository.js';
import { TASK_ACCESS, TASK_RULES } from './task.rules.js';
import { noDuplicates, qtyText, TaskService } from './task.service.js';
import { checkAction, detailOf, type Loaded, loadTask } from './task.view.js';

/** The actions of the task state machine (docs/farm-tasks.md); each takes the version it was shown. */
export class TaskFlowService {
  private readonly tasks = new TaskService();

  /** Sets the leader (required) and the participants; unassigned or not_started → not_started. */
  async assign(ctx: Ctx, id: number, body: TaskAssignBody): Promise<TaskDetail> {
    const t = await this.begin(ctx, id, 'assign', body.objectVersionNumber);
    const leader = body.leaderWorkerId ?? null;
    if (leader === null) throw TaskErrors.leaderRequired();
    const team = await this.tasks.checkTeam(t.ctx, leader, body.participantIds ?? []);
    await this.move(t, 'assign', body.objectVersionNumber, { leaderWorkerId: leader });
    await replaceParticipants(t.ctx.db, t.ctx.tenantId, id, team);
    return this.answer(t);
  }

  /** The leader or a participant starts the work: not_started → in_progress (overdue or not). */
  async start(ctx: Ctx, id: number, body: TaskVersionBody): Promise<TaskDetail> {
    const t = await this.begin(ctx, id, 'start', body.objectVersionNumber);
    await this.move(t, 'start', body.objectVersionNumber, { startedAt: new Date() });
    return this.answer(t);
  }

  /**
   * The leader or a participant reports the work done: in_progress → finished, with a note, photos and
   * the inputs used, which leave the base's stock now (all or nothing: a shortage changes nothing).
   */
  async finish(ctx: Ctx, id: number, body: TaskFinishBody): Promise<TaskDetail> {
    const t = await this.begin(ctx, id, 'finish', body.objectVersionNumber);
    const { db, tenantId } = t.ctx;
    const photos = body.photos ?? [];
    await this.checkPhotos(t.ctx, photos);
    const inputs = body.inputs ?? [];
    const ids = inputs.map((i) => i.inputId);
    noDuplicates(ids, () => TaskErrors.duplicateInput({ field: 'inputs' }));
    const names = await inputsById(db, tenantId, ids);
    if (ids.some((i) => !names.has(i))) throw TaskErrors.inputNotFound({ field: 'inputs' });
    const areaId = t.row.areaId;
    if (inputs.length > 0) {
      if (areaId === null) throw TaskErrors.noBase();
      const res = await applyStockChanges(
        db,
        tenantId,
        t.ctx.user.id,
        inputs.map((i) => ({
          areaId,
          inputId: i.inputId,
          delta: `-${qtyText(i.quantity)}`,
          sourceType: 'task',
          sourceId: id,
          sourceCode: t.row.taskName,
          docDate: today(t.ctx.timeZone),
        })),
      );
      if (!res.ok) {
        const base = await findBase(db, tenantId, res.shortage.areaId);
        throw AgriculturalErrors.insufficientStock({
          input: names.get(res.shortage.inputId)?.inputName ?? String(res.shortage.inputId),
          base: base?.areaName ?? String(res.shortage.areaId),
          available: res.shortage.available,
          requested: res.shortage.requested,
        });
      }
      await addUsages(
        db,
        tenantId,
        id,
        areaId,
        inputs.map((i) => ({ inputId: i.inputId, quantity: qtyText(i.quantity) })),
      );
    }
    // A stale write here throws, and the request's transaction takes the stock changes back with it.
    const finishedAt = new Date();
    await this.move(t, 'finish', body.objectVersionNumber, {
      finishedAt,
      finishNote: body.note ?? null,
      finishPhotos: photos,
      reason: null,
    });
    await enqueuePush(db, tenantId, 'task.finished', [
      {
        taskId: id,
        taskName: t.row.taskName,
        areaId,
        note: body.note ?? null,
        inputs: inputs.map((i) => ({ inputId: i.inputId, quantity: i.quantity })),
        finishedBy: t.ctx.user.id,
        finishedAt: finishedAt.toISOString(),
      },
    ]);
    return this.answer(t);
  }

  /** The creator or an approver accepts the work: finished → closed. */
  async approve(ctx: Ctx, id: number, body: TaskVersionBody): Promise<TaskDetail> {
    const t = await this.begin(ctx, id, 'approve', body.objectVersionNumber);
    await this.move(t, 'approve', body.objectVersionNumber, { reason: null });
    return this.answer(t);
  }

  /** The creator or an approver sends the work back: finished → in_progress, with a reason. */
  async reject(ctx: Ctx, id: number, body: TaskReasonBody): Promise<TaskDetail> {
    return this.withReason(ctx, id, 'reject', body);
  }

  /** The creator or a task editor stops the work early: not_started or in_progress → closed. */
  async end(ctx: Ctx, id: number, body: TaskReasonBody): Promise<TaskDetail> {
    return this.withReason(ctx, id, 'end', body);
  }

  /** The creator or a task editor calls the task off: unassigned, not_started or in_progress → canceled. */
  async cancel(ctx: Ctx, id: number, body: TaskReasonBody): Promise<TaskDetail> {
    return this.withReason(ctx, id, 'cancel', body);
  }

  private async withReason(
    ctx: Ctx,
    id: number,
    action: 'reject' | 'end' | 'cancel',
    body: TaskReasonBody,
  ): Promise<TaskDetail> {
    const t = await this.begin(ctx, id, action, body.objectVersionNumber);
    await this.move(t, action, body.objectVersionNumber, { reason: body.reason });
    return this.answer(t);
  }

  private async begin(
    ctx: Ctx,
    id: number,
    action: TaskAction,
    version: number,
  ): Promise<Loaded & { ctx: TenantCtx }> {
    requireTenant(ctx);
    requireAccess(ctx, [TASK_ACCESS.manage, TASK_ACCESS.mine]);
    const t = await loadTask(ctx, id);
    checkAction(ctx, action, t, version);
    return { ...t, ctx };
  }

  /** Writes the new state only from an allowed one at the shown version; anything else is stale. */
  private async move(
    t: Loaded & { ctx: TenantCtx },
    action: TaskAction,
    version: number,
    values: TaskValues,
  ): Promise<void> {
    const rule = TASK_RULES[action];
    const to = rule.to ?? t.row.status;
    const res = await updateTask(
      t.ctx.db,
      t.ctx.tenantId,
      t.row.id,
      version,
      t.ctx.user.id,
      { ...values, status: to },
      rule.from,
    );
    if (!res) throw CommonErrors.stale();
  }

  private async answer(t: Loaded & { ctx: TenantCtx }): Promise<TaskDetail> {
    return detailOf(t.ctx, await loadTask(t.ctx, t.row.id));
  }

  /** Photos must be files of this tenant that exist (uploaded through /hfle/v1/{t}/files/multipart). */
  private async checkPhotos(ctx: TenantCtx, photos: readonly string[]): Promise<void> {
    if (photos.length === 0) return;
    const uuids = new Set<string>();
    for (const url of photos) {
      const m = TASK_PHOTO_URL.exec(url);
      if (!m || Number(m[1]) !== ctx.tenantId) throw TaskErrors.photoNotFound();
      uuids.add((m[2] ?? '').toLowerCase());
    }
    if ((await ownFiles(ctx.db, ctx.tenantId, [...uuids])).length !== uuids.size)
      throw TaskErrors.photoNotFound();
  }
}

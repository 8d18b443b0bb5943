import { PROCESS_STATES, TASK_STATES } from '@tilth/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/client.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { tenantTimeZone } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { ProcessEngine } from './process.engine.js';
import {
  dueTaskIds,
  type EventValues,
  findTask,
  insertEvents,
  lockProcess,
  setTasks,
  updateProcess,
} from './process.repository.js';
import { planSteps } from './workflow.plan.js';

// Step time-outs (issue 14): every tick visits each tenant's undecided tasks whose reminder or due moment
// has passed. Each task is handled in its own transaction under its process lock and re-read there; what
// it did is written into the task (remindAt / dueAt cleared, state changed), so a second tick or another
// server process finds nothing left to do, and a restart loses nothing.

/** Tasks handled per tenant per tick; the rest wait for the next. */
const BATCH = 200;

/** The engine acts for the assignee when a time-out decides (hooks see who the task belonged to). */
const systemCtx = (
  db: Db,
  tenantId: number,
  userId: number,
  timeZone: string,
  log: FastifyBaseLogger,
): TenantCtx => ({
  user: { id: userId, loginName: 'system', realName: 'system', platformAdmin: false, sessionId: 'job' },
  tenantId,
  lang: 'zh-CN',
  timeZone,
  db,
  permissions: new Set(),
  log,
  transact: (fn) => fn(db),
});

export class ApprovalTimeouts {
  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One sweep at `now` (tests pass a fake clock); answers the tasks acted on. */
  async tick(now = new Date()): Promise<number> {
    const db = this.platform.database;
    let done = 0;
    for (const tenantId of await listTenantIds(db.db)) {
      const ids = await db.withTenant(tenantId, (tx) => dueTaskIds(tx, tenantId, now, BATCH));
      for (const id of ids) {
        try {
          if (await this.handle(tenantId, id, now)) done++;
        } catch (err) {
          // One document's hook refusing must not stop the others; the task is tried again next tick.
          this.log.error({ err, tenantId, taskId: id }, 'approval time-out failed');
        }
      }
    }
    return done;
  }

  private async handle(tenantId: number, taskId: number, now: Date): Promise<boolean> {
    const db = this.platform.database;
    const tz = await tenantTimeZone(this.platform, db.db, tenantId);
    return db.withTenant(tenantId, async (tx) => {
      const seen = await findTask(tx, tenantId, taskId);
      if (!seen) return false;
      let proc = await lockProcess(tx, tenantId, seen.processId);
      const task = await findTask(tx, tenantId, taskId);
      if (!proc || !task || proc.state !== PROCESS_STATES.inApproval) return false;
      if (task.state !== TASK_STATES.pending || task.taskType !== 'approval') return false;
      const remindDue = task.remindAt !== null && task.remindAt <= now;
      const actDue = task.dueAt !== null && task.dueAt <= now;
      if (!remindDue && !actDue) return false;
      const ctx = systemCtx(tx, tenantId, task.assigneeId, tz, this.log);
      const step = planSteps(proc.plan).find((s) => s.nodeId === task.nodeId);
      const base: EventValues = {
        processId: proc.id,
        action: 'timeoutRemind',
        taskId: task.id,
        nodeId: task.nodeId,
        nodeName: task.nodeName,
        targetIds: [task.assigneeId],
      };
      if (remindDue) {
        await setTasks(tx, tenantId, [task.id], { remindAt: null });
        await insertEvents(tx, tenantId, [base]);
        await ProcessEngine.notify(ctx, proc, [{ userIds: [task.assigneeId], kind: 'timeout' }]);
      }
      if (!actDue) return true;
      const action = step?.timeout?.action ?? 'remind';
      const tookMs = Math.max(0, now.getTime() - task.createdAt.getTime());
      if (action === 'remind') {
        await setTasks(tx, tenantId, [task.id], { dueAt: null, remindAt: null });
        if (!remindDue) {
          await insertEvents(tx, tenantId, [base]);
          await ProcessEngine.notify(ctx, proc, [{ userIds: [task.assigneeId], kind: 'timeout' }]);
        }
        return true;
      }
      if (!proc.firstDecisionAt) {
        proc = await updateProcess(tx, tenantId, proc.id, null, { firstDecisionAt: now });
      }
      if (action === 'approve') {
        await setTasks(tx, tenantId, [task.id], { state: TASK_STATES.approved, decidedAt: now, dueAt: null });
        await insertEvents(tx, tenantId, [{ ...base, action: 'timeoutApprove', targetIds: [], tookMs }]);
        await ProcessEngine.advance(ctx, proc);
      } else if (action === 'reject') {
        await setTasks(tx, tenantId, [task.id], { state: TASK_STATES.rejected, decidedAt: now, dueAt: null });
        await insertEvents(tx, tenantId, [{ ...base, action: 'timeoutReject', targetIds: [], tookMs }]);
        await ProcessEngine.end(ctx, proc, PROCESS_STATES.rejected, proc.completed);
      } else if (step) {
        await setTasks(tx, tenantId, [task.id], { state: TASK_STATES.closed, decidedAt: now, dueAt: null });
        const events: EventValues[] = [];
        const rules = step.timeout?.escalateTo ? [step.timeout.escalateTo] : [];
        const made = await ProcessEngine.createTasks(ctx, proc, step, events, rules, false);
        await insertEvents(tx, tenantId, [
          { ...base, action: 'escalate', targetIds: made.map((t) => t.assigneeId), tookMs },
          ...events,
        ]);
        await ProcessEngine.notify(ctx, proc, [{ userIds: made.map((t) => t.assigneeId), kind: 'task' }]);
        await ProcessEngine.advance(ctx, proc);
      }
      return true;
    });
  }
}

import { type ProcessModel, TASK_STATES } from '@tilth/contracts';
import type { Db } from '../../../../platform/db/client.js';
import type { TestServer } from '../../../../test/harness.js';
import { findProcess, type ProcessRow, tasksOf } from '../process.repository.js';
import { ProcessService } from '../process.service.js';
import { TaskService } from '../task.service.js';
import { approvalDefinitions, approvalDefinitionVersions } from '../workflow.tables.js';
import { asUser } from './workflow.testkit.js';

// Decisions for the document tests, through the same services as the approval routes (approve, reject
// back to the applicant, withdraw), in one transaction as `userId`; answers the process as it ends up.

/** userId decides their open task of the process: 'approve' or 'reject' (back to the applicant). */
export const decide = (
  server: TestServer,
  tenantId: number,
  userId: number,
  processId: number,
  outcome: 'approve' | 'reject',
  comment?: string,
): Promise<ProcessRow> =>
  asUser(server, tenantId, userId, async (ctx) => {
    const task = (await tasksOf(ctx.db, tenantId, processId)).find(
      (t) =>
        t.assigneeId === userId && t.current && t.taskType === 'approval' && t.state === TASK_STATES.pending,
    );
    if (!task) throw new Error(`user ${userId} has no open task in process ${processId}`);
    if (outcome === 'approve') await TaskService.approve(ctx, task.id, { comment });
    else await TaskService.reject(ctx, task.id, { comment, target: 'applicant' });
    return current(ctx.db, tenantId, processId);
  });

/** The applicant withdraws the process (before any decision): it ends withdrawn, the document is a draft. */
export const withdraw = (server: TestServer, tenantId: number, userId: number, processId: number) =>
  asUser(server, tenantId, userId, async (ctx) => {
    await ProcessService.withdraw(ctx, processId, {});
    return current(ctx.db, tenantId, processId);
  });

const current = async (db: Db, tenantId: number, processId: number): Promise<ProcessRow> => {
  const proc = await findProcess(db, tenantId, processId);
  if (!proc) throw new Error(`no process ${processId}`);
  return proc;
};

/** Who has an open approval task in the process now. */
export const openAssignees = (server: TestServer, tenantId: number, processId: number) =>
  server.platform.database.withTenant(tenantId, async (tx) =>
    (await tasksOf(tx, tenantId, processId))
      .filter((t) => t.current && t.taskType === 'approval' && t.state === TASK_STATES.pending)
      .map((t) => t.assigneeId),
  );

/** A definition (not bound), enabled or not; answers its id. */
export const insertDefinition = (
  server: TestServer,
  tenantId: number,
  docType: string,
  model: ProcessModel,
  name: string,
  enabledFlag = 1,
): Promise<number> =>
  server.platform.database.withTenant(tenantId, async (tx) => {
    const [def] = await tx
      .insert(approvalDefinitions)
      .values({ tenantId, name, docType, model, enabledFlag, version: 1 })
      .returning();
    if (!def) throw new Error('no definition');
    await tx.insert(approvalDefinitionVersions).values({ tenantId, definitionId: def.id, version: 1, model });
    return def.id;
  });

/** One approval step per user, in order. */
export const chainModel = (...userIds: number[]): ProcessModel => {
  let node: ProcessModel['node'] | undefined;
  for (let i = userIds.length - 1; i >= 0; i--) {
    node = {
      id: `s${i + 1}`,
      kind: 'approval',
      name: `Step ${i + 1}`,
      mode: 'single',
      assignees: [{ type: 'user', userIds: [userIds[i] ?? 0] }],
      ...(node ? { next: node } : {}),
    };
  }
  if (!node) throw new Error('no steps');
  return { node };
};

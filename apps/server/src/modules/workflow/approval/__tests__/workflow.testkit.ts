import type { ApprovalDocType, ProcessModel } from '@tilth/contracts';
import type { Db } from '../../../../platform/db/client.js';
import type { TenantCtx } from '../../../../platform/http/context.js';
import type { TestServer } from '../../../../test/harness.js';
import { registerApprovalDocument } from '../workflow.registry.js';
import { approvalBindings, approvalDefinitions, approvalDefinitionVersions } from '../workflow.tables.js';

// Helpers for engine tests: a service ctx for a user inside a tenant transaction, and a bound definition.

export const ctxOf = (server: TestServer, db: Db, tenantId: number, userId: number): TenantCtx => ({
  user: {
    id: userId,
    loginName: `u${userId}`,
    realName: `u${userId}`,
    platformAdmin: false,
    sessionId: 'test',
  },
  tenantId,
  lang: 'zh-CN',
  timeZone: 'Asia/Shanghai',
  db,
  // Every role holds the bell code the approval actions need.
  permissions: new Set(['wfpf.farm.user.ps.notice-message']),
  log: server.app.log,
  transact: (fn) => fn(db),
});

/** Runs fn as userId in the tenant, in one transaction. */
export const asUser = <T>(
  server: TestServer,
  tenantId: number,
  userId: number,
  fn: (ctx: TenantCtx) => Promise<T>,
): Promise<T> =>
  server.platform.database.withTenant(tenantId, (tx) => fn(ctxOf(server, tx, tenantId, userId)));

/** An enabled definition of `model` bound to docType; answers its id. */
export const bindModel = async (
  server: TestServer,
  tenantId: number,
  docType: string,
  model: ProcessModel,
  name = `flow ${docType}`,
): Promise<number> =>
  server.platform.database.withTenant(tenantId, async (tx) => {
    const [def] = await tx
      .insert(approvalDefinitions)
      .values({ tenantId, name, docType, model, enabledFlag: 1, version: 1 })
      .returning();
    if (!def) throw new Error('no definition');
    await tx.insert(approvalDefinitionVersions).values({ tenantId, definitionId: def.id, version: 1, model });
    await tx
      .insert(approvalBindings)
      .values({ tenantId, docType, definitionId: def.id })
      .onConflictDoUpdate({
        target: [approvalBindings.tenantId, approvalBindings.docType],
        set: { definitionId: def.id },
      });
    return def.id;
  });

/**
 * Engine tests submit made-up document ids: their type's real hooks (a plan's tasks, a receipt's stock)
 * would look those up. Call after the server started (its routes register the real hooks); answers the
 * calls the stand-in hooks saw.
 */
export const standInDocument = (
  docType: ApprovalDocType,
): { approved: number[]; rejected: number[]; withdrawn: number[] } => {
  const seen = { approved: [] as number[], rejected: [] as number[], withdrawn: [] as number[] };
  registerApprovalDocument({
    docType,
    onApproved: async (_ctx, id) => void seen.approved.push(id),
    onRejected: async (_ctx, id) => void seen.rejected.push(id),
    onWithdrawn: async (_ctx, id) => void seen.withdrawn.push(id),
  });
  return seen;
};

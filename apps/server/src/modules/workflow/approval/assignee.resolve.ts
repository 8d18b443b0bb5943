import type { AssigneeRule } from '@tilth/contracts';
import type { TenantCtx } from '../../../platform/http/context.js';
import { activeMembers, firstUnitOf, roleHolders, unitChain } from './assignee.repository.js';
import type { ProcessRow } from './process.repository.js';

/** Whom a step's rules name, in rule order, without duplicates (inactive users dropped). */
export const resolveRules = async (
  ctx: TenantCtx,
  proc: ProcessRow,
  rules: readonly AssigneeRule[],
  /** The step being resolved: a 'chosen' rule takes what the applicant chose for it. */
  nodeId: string,
): Promise<number[]> => {
  const out: number[] = [];
  const push = (ids: readonly number[]) => {
    for (const id of ids) if (!out.includes(id)) out.push(id);
  };
  for (const rule of rules) {
    if (rule.type === 'user') push(await activeMembers(ctx.db, ctx.tenantId, rule.userIds));
    else if (rule.type === 'role') push(await roleHolders(ctx.db, ctx.tenantId, rule.roleIds));
    else if (rule.type === 'chosen') {
      push(await activeMembers(ctx.db, ctx.tenantId, proc.chosen[nodeId] ?? []));
    } else if (proc.applicantUnitId !== null) {
      // The unit `levels - 1` above the applicant's; without a head there, the nearest head above it.
      const chain = await unitChain(ctx.db, ctx.tenantId, proc.applicantUnitId);
      const head = chain.slice(rule.levels - 1).find((u) => u.headUserId !== null)?.headUserId;
      if (head) push(await activeMembers(ctx.db, ctx.tenantId, [head]));
    }
  }
  return out;
};

/** The applicant's unit and the ids of it and every unit above it (the applicantUnitId condition field). */
export const applicantUnits = async (
  ctx: TenantCtx,
): Promise<{ unitId: number | null; unitIds: number[] }> => {
  const unitId = await firstUnitOf(ctx.db, ctx.tenantId, ctx.user.id);
  const unitIds = unitId === null ? [] : (await unitChain(ctx.db, ctx.tenantId, unitId)).map((u) => u.id);
  return { unitId, unitIds };
};

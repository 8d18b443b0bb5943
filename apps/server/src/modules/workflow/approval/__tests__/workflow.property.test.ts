import type { ApprovalNode, ProcessNode } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../platform/errors.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { ProcessEngine } from '../process.engine.js';
import { findProcess, tasksOf } from '../process.repository.js';
import { ProcessService } from '../process.service.js';
import { TaskService } from '../task.service.js';
import { activeSteps } from '../workflow.plan.js';
import { asUser, bindModel, standInDocument } from './workflow.testkit.js';

// A property test without fast-check: seeded random sequences of actions by random actors never leave a
// process inconsistent — one state, pending work only on active steps, every active step with work while in
// approval, and nothing open once it has ended. Refusals (4xx) are expected; anything else fails.

/** mulberry32: small, seeded, good enough to pick actions. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

let s: TestServer;
let A: number;
let people: number[];
let applicant: number;

const ap = (id: string, mode: ApprovalNode['mode'], userIds: number[], next?: ProcessNode): ApprovalNode => ({
  id,
  kind: 'approval',
  name: id,
  mode,
  assignees: [{ type: 'user', userIds }],
  passPercent: mode === 'vote' ? 60 : undefined,
  next,
});

beforeAll(async () => {
  s = await startTestServer();
  // Made-up document ids: stand-in hooks instead of the type's real ones.
  standInDocument('inv_return');
  A = s.fixtures.tenantA;
  const u = s.fixtures.users;
  people = [u.adminA.id, u.operatorA.id, u.viewerA.id];
  applicant = u.viewerA.id;
  const [admin, operator, viewer] = people as [number, number, number];
  const node = ap('a1', 'any', [admin, operator], {
    id: 'par',
    kind: 'parallel',
    name: 'par',
    branches: [
      {
        id: 'x',
        name: 'x',
        node: ap('b1', 'all', [admin, operator], ap('b2', 'sequential', [operator, admin])),
      },
      { id: 'y', name: 'y', node: ap('c1', 'single', [viewer]) },
    ],
    next: {
      id: 'cc',
      kind: 'cc',
      name: 'cc',
      assignees: [{ type: 'user', userIds: [admin] }],
      next: ap('d1', 'vote', people),
    },
  });
  await bindModel(s, A, 'inv_return', { node }, 'property flow');
});
afterAll(async () => s.close());

const snapshot = (pid: number) =>
  s.platform.database.withTenant(A, async (tx) => ({
    p: await findProcess(tx, A, pid),
    tasks: await tasksOf(tx, A, pid),
  }));

const check = async (pid: number, trail: string[]) => {
  const { p, tasks } = await snapshot(pid);
  if (!p) throw new Error('process vanished');
  const why = trail.join(' → ');
  expect([1, 2, 3, 4], why).toContain(p.state);
  const open = tasks.filter(
    (t) => t.taskType === 'approval' && t.current && (t.state === 0 || t.state === 1),
  );
  if (p.state !== 1) {
    expect(open, `open task after the end: ${why}`).toEqual([]);
    return;
  }
  const active = activeSteps(p.plan, new Set(p.completed)).filter((st) => st.nodeKind === 'approval');
  const activeIds = new Set(active.map((a) => a.nodeId));
  for (const t of open)
    expect(activeIds.has(t.nodeId), `task on inactive step ${t.nodeId}: ${why}`).toBe(true);
  for (const a of active) {
    expect(
      open.some((t) => t.nodeId === a.nodeId),
      `active ${a.nodeId} without work: ${why}`,
    ).toBe(true);
  }
  expect(p.currentNames.length, why).toBeGreaterThan(0);
};

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

describe('random action sequences', () => {
  it('keep every process consistent', async () => {
    let ok = 0;
    const ends = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      const r = prng(seed);
      const sub = await asUser(s, A, applicant, (ctx) =>
        ProcessEngine.submit(ctx, {
          docType: 'inv_return',
          thirdId: seed,
          formCode: `TH-${seed}`,
          fields: {},
        }),
      );
      const pid = sub?.processId ?? 0;
      const trail: string[] = [`seed ${seed}`];
      await check(pid, trail);
      for (let step = 0; step < 30; step++) {
        const { tasks } = await snapshot(pid);
        const actor = pick(r, people);
        // Mostly the actor's own pending task (when they have one), sometimes anyone's: refusals are tested too.
        const own = tasks.filter((t) => t.assigneeId === actor && t.state === 1 && t.taskType === 'approval');
        const task = own.length > 0 && r() < 0.85 ? pick(r, own) : pick(r, tasks);
        const other = pick(
          r,
          people.filter((u) => u !== actor),
        );
        const roll = r();
        const name =
          roll < 0.45
            ? 'approve'
            : roll < 0.6
              ? 'reject'
              : roll < 0.7
                ? 'transfer'
                : roll < 0.8
                  ? 'addSigner'
                  : roll < 0.87
                    ? 'withdraw'
                    : roll < 0.93
                      ? 'remind'
                      : 'read';
        const target = pick(r, ['applicant', 'previous', 'node:a1', 'node:b1', 'node:b2', 'node:c1']);
        trail.push(`${name}(${actor}, task ${task?.id}${name === 'reject' ? `, ${target}` : ''})`);
        try {
          await asUser(s, A, actor, async (ctx) => {
            const id = task?.id ?? 0;
            if (name === 'approve') return TaskService.approve(ctx, id, {});
            if (name === 'reject') return TaskService.reject(ctx, id, { target });
            if (name === 'transfer') return TaskService.transfer(ctx, id, { userId: other });
            if (name === 'addSigner') {
              return TaskService.addSigner(ctx, id, {
                userIds: [other],
                position: r() < 0.5 ? 'before' : 'after',
              });
            }
            if (name === 'withdraw') return ProcessService.withdraw(ctx, pid, {});
            if (name === 'remind') return ProcessService.remind(ctx, pid, {});
            return TaskService.read(ctx, id);
          });
          trail.push('ok');
          ok++;
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500)
            throw new Error(`${trail.join(' → ')}: ${err}`);
          trail.push(String(err.status));
        }
        await check(pid, trail);
        const { p } = await snapshot(pid);
        if (p && p.state !== 1) {
          ends.add(p.state);
          break;
        }
      }
    }
    // The sequences did real work: many accepted actions, and processes ended more than one way.
    expect(ok).toBeGreaterThan(60);
    expect(ends.size).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

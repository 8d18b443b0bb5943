import type { ProcessModel } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { ProcessEngine } from '../process.engine.js';
import { tasksOf } from '../process.repository.js';
import { asUser, bindModel } from './workflow.testkit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('engine submit', () => {
  it('answers null without a binding, and makes the first step’s tasks with one', async () => {
    const { tenantA, users } = server.fixtures;
    const none = await asUser(server, tenantA, users.operatorA.id, (ctx) =>
      ProcessEngine.submit(ctx, {
        docType: 'agri_warehousing',
        thirdId: 1,
        formCode: 'RK-1',
        fields: { amount: 5 },
      }),
    );
    expect(none).toBeNull();
    const model: ProcessModel = {
      node: {
        id: 'c1',
        kind: 'condition',
        name: '金额',
        branches: [
          {
            id: 'big',
            name: '大额',
            conditions: [{ field: 'amount', op: 'gte', value: 1000 }],
            node: {
              id: 'a1',
              kind: 'approval',
              name: '经理',
              mode: 'any',
              assignees: [{ type: 'user', userIds: [users.adminA.id] }],
            },
          },
          { id: 'dflt', name: '其他', conditions: [], isDefault: true },
        ],
        next: {
          id: 'cc1',
          kind: 'cc',
          name: '抄送',
          assignees: [{ type: 'user', userIds: [users.viewerA.id] }],
        },
      },
    };
    await bindModel(server, tenantA, 'agri_warehousing', model);
    const big = await asUser(server, tenantA, users.operatorA.id, (ctx) =>
      ProcessEngine.submit(ctx, {
        docType: 'agri_warehousing',
        thirdId: 2,
        formCode: 'RK-2',
        fields: { amount: 5000 },
      }),
    );
    expect(big).not.toBeNull();
    const tasks = await server.platform.database.withTenant(tenantA, (tx) =>
      tasksOf(tx, tenantA, big?.processId ?? 0),
    );
    expect(tasks.map((t) => [t.nodeId, t.assigneeId, t.state])).toEqual([['a1', users.adminA.id, 1]]);
  });
});

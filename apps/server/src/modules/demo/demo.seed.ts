import type { Database } from '../../platform/db/client.js';
import type { DemoExtras } from '../../platform/db/seed.js';
import { findTenant } from '../identity/tenant/index.js';
import { createTenant, createUser } from './seed.helpers.js';

export const DEMO_LOGINS = [
  { username: 'demo', password: 'demo1234', role: 'tenant administrator of both demo tenants' },
  { username: 'operator', password: 'operator1234', role: 'farm operator' },
  { username: 'viewer', password: 'viewer1234', role: 'viewer' },
  { username: 'expert', password: 'expert1234', role: "agronomy expert (answers the demo farm's inquiries)" },
  {
    username: 'poolexpert',
    password: 'expert1234',
    role: 'platform pool expert (answers inquiries sent to the platform)',
  },
  {
    username: 'platform',
    password: 'platform1234',
    role: 'platform administrator (tenants, platform audit)',
  },
] as const;

export interface DemoSeedResult {
  seeded: boolean;
  demoTenant: number;
  secondTenant: number;
}

export type { DemoExtras };

/** Seeds the demo tenants once; a database that already has them is left alone. */
export const seedDemo = async (database: Database, extras: DemoExtras[] = []): Promise<DemoSeedResult> => {
  const DEMO = 1001;
  const SECOND = 1002;
  if (await database.transaction((tx) => findTenant(tx, DEMO))) {
    return { seeded: false, demoTenant: DEMO, secondTenant: SECOND };
  }
  const demoTenant = await createTenant(database, '示范农场 / Demo Farm', { id: DEMO });
  const secondTenant = await createTenant(database, '第二农场 / Riverside Fishery', { id: SECOND });
  const users = {
    demo: await createUser(database, {
      loginName: 'demo',
      password: 'demo1234',
      realName: '演示管理员',
      phone: '13800000001',
      roles: [
        [demoTenant, 'tenant-admin'],
        [secondTenant, 'tenant-admin'],
      ],
    }),
    operator: await createUser(database, {
      loginName: 'operator',
      password: 'operator1234',
      realName: '李农',
      phone: '13800000002',
      roles: [[demoTenant, 'farm-operator']],
    }),
    viewer: await createUser(database, {
      loginName: 'viewer',
      password: 'viewer1234',
      realName: '王观',
      phone: '13800000003',
      roles: [[demoTenant, 'viewer']],
    }),
    // Issue 19: the demo farm's own agronomist, and a platform pool expert (the expert role in tenant 0).
    expert: await createUser(database, {
      loginName: 'expert',
      password: 'expert1234',
      realName: '张农技',
      phone: '13800000004',
      roles: [[demoTenant, 'expert']],
    }),
    poolExpert: await createUser(database, {
      loginName: 'poolexpert',
      password: 'expert1234',
      realName: '刘专家',
      roles: [[0, 'expert']],
    }),
    // The platform administrator works in the platform tenant 0 (made at start-up, main.ts).
    platform: await createUser(database, {
      loginName: 'platform',
      password: 'platform1234',
      realName: '平台管理员',
      platformAdmin: true,
      roles: [[0, 'tenant-admin']],
    }),
  };
  for (const extra of extras) await extra(database, { demoTenant, secondTenant, users });
  return { seeded: true, demoTenant, secondTenant };
};

import type { DemoExtras } from '../../../platform/db/seed.js';
import { demoAdminCtx } from '../../../platform/db/seed.js';
import { AccessService } from '../access/index.js';
import type { AuthService } from './auth.service.js';
import { MemberService } from './member.service.js';

// Demo users and roles of the demo tenant (issue 13): a custom role with holders and a disabled member,
// so the user and role pages show their states at first sight.

/** The demo seed never sends an SMS: no invitation is made here. */
const noSms = {} as AuthService;

export const seedDemoUsers: DemoExtras = async (database, { demoTenant, users }) => {
  const demo = users.demo;
  if (demo === undefined) return;
  await database.withTenant(demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, demoTenant, demo);
    const svc = new MemberService(noSms);
    const access = new AccessService();
    const viewer = (await access.listRoles(ctx)).find((r) => r.code === 'viewer');
    const inspector = await access.createRole(ctx, {
      code: 'base-inspector',
      nameZh: '基地巡查员',
      nameEn: 'Base inspector',
      permissions: [
        ...(viewer?.permissions ?? []),
        'wfpf.farm.farm.base.ps.edit',
        'wfpf.farm.farm.land.ps.edit',
      ].filter((c, i, all) => all.indexOf(c) === i),
    });
    const people = [
      { realName: '赵巡查', phone: '13800000011', roleIds: [inspector.id] },
      { realName: '钱巡查', phone: '13800000012', roleIds: [inspector.id] },
      { realName: '孙临时', phone: '13800000013', roleIds: viewer ? [viewer.id] : [] },
    ];
    const made = [];
    for (const p of people) made.push(await svc.create(ctx, { ...p, password: 'demo1234', invite: false }));
    // A seasonal worker whose access is paused: shown disabled in the list.
    const paused = made[2];
    if (paused) await svc.setEnabled(ctx, paused.id, false);
  });
};

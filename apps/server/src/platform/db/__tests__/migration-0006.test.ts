import { rmSync } from 'node:fs';
import { AUTOMATION_CODES } from '@tilth/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleDir, folderBefore, pgliteTarget, postgresTarget, type Target } from './migration-targets.js';

// Migration 0006 on a database that ran 0000–0005 with built-in and custom roles: the smart-control write
// codes go to the farm operator role only (it wrote through the view codes before), in every tenant.

const TENANTS = [7, 8];
const WRITE_CODES = Object.values(AUTOMATION_CODES)
  .flatMap((codes) => Object.values(codes))
  .filter((c) => c.includes('.ps.'))
  .sort();

const seedBefore = async (t: Target) => {
  for (const T of TENANTS) {
    await t.query(`insert into roles (tenant_id, id, code, name_zh, name_en, built_in) values
      (${T}, 1, 'farm-operator', '农场操作员', 'Farm operator', true),
      (${T}, 2, 'viewer', '只读用户', 'Viewer', true),
      (${T}, 3, 'auditor', '审计', 'Auditor', false)`);
    await t.query(`insert into role_permissions (tenant_id, role_id, permission_code) values
      (${T}, 1, '${AUTOMATION_CODES.strategy.view}'), (${T}, 2, '${AUTOMATION_CODES.strategy.view}'),
      (${T}, 3, '${AUTOMATION_CODES.strategy.view}')`);
  }
};

const cases = (name: string, open: () => Promise<Target>) =>
  describe(`migration 0006 on ${name}`, () => {
    let t: Target;
    let before: string;
    beforeAll(async () => {
      t = await open();
      before = folderBefore(6);
      await t.migrate(before);
      await seedBefore(t);
      await t.migrate(drizzleDir);
    });
    afterAll(async () => {
      await t?.close();
      if (before) rmSync(before, { recursive: true, force: true });
    });

    it('gives the farm operator role of every tenant the ten smart-control write codes, and no one else', async () => {
      expect(WRITE_CODES).toHaveLength(10);
      for (const T of TENANTS) {
        const rows = await t.query(`select role_id::int as role, permission_code as code from role_permissions
          where tenant_id = ${T} and permission_code like 'wfpf.farm.equipment.intelligentControl%'
          order by permission_code`);
        const of = (role: number) => rows.filter((r) => r.role === role).map((r) => r.code);
        expect(of(1)).toEqual([AUTOMATION_CODES.strategy.view, ...WRITE_CODES].sort());
        expect(of(2)).toEqual([AUTOMATION_CODES.strategy.view]);
        expect(of(3)).toEqual([AUTOMATION_CODES.strategy.view]);
      }
    });

    it('forces row-level security on the role tables again', async () => {
      const rows = await t.query(`select relname as name, relforcerowsecurity as forced from pg_class
        where relname in ('roles', 'role_permissions') order by relname`);
      expect(rows).toEqual([
        { name: 'role_permissions', forced: true },
        { name: 'roles', forced: true },
      ]);
    });
  });

cases('PGlite', pgliteTarget);
if (process.env.DATABASE_URL) cases('PostgreSQL', postgresTarget);

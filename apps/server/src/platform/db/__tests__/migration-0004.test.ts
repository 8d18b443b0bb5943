import { createHash, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleDir, folderBefore, pgliteTarget, postgresTarget, type Target } from './migration-targets.js';

// Migration 0004 on a database that ran 0000–0003 and holds data of the kinds it rewrites: insect photos
// linked by the old derived attachment uuid, duplicate active alarms, built-in roles. PGlite always;
// PostgreSQL too when DATABASE_URL is set (npm run test:db).

const T = 7;

/** The link insect records used before 0004: md5 of the record's key, shaped as a uuid. */
const oldPhotoUuid = (tenantId: number, recordId: number): string => {
  const h = createHash('md5').update(`tilth-insect-record:${tenantId}:${recordId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

const photoFile = randomUUID();

const seedBefore = async (t: Target) => {
  await t.query(`insert into files (tenant_id, id, attachment_uuid, file_name, content_type, file_size, storage_key)
    values (${T}, '${photoFile}', '${oldPhotoUuid(T, 1)}', 'trap.jpg', 'image/jpeg', 10, 'k')`);
  await t.query(`insert into insect_records (tenant_id, id, taken_at, source) values
    (${T}, 1, now(), 'device'), (${T}, 2, now(), 'manual')`);
  await t.query(`insert into alarms (tenant_id, id, rule_id, device_id, kind, severity, state, message) values
    (${T}, 1, 3, 4, 'threshold', 'warning', 'active', 'old'),
    (${T}, 2, 3, 4, 'threshold', 'warning', 'active', 'newer'),
    (${T}, 3, 3, 5, 'threshold', 'warning', 'active', 'other device')`);
  await t.query(`insert into roles (tenant_id, id, code, name_zh, name_en, built_in) values
    (${T}, 1, 'farm-operator', '农场操作员', 'Farm operator', true),
    (${T}, 2, 'viewer', '只读用户', 'Viewer', true)`);
};

const cases = (name: string, open: () => Promise<Target>) =>
  describe(`migration 0004 on ${name}`, () => {
    let t: Target;
    let before: string;
    beforeAll(async () => {
      t = await open();
      before = folderBefore(4);
      await t.migrate(before);
      await seedBefore(t);
      await t.migrate(drizzleDir);
    });
    afterAll(async () => {
      await t.close();
      if (before) rmSync(before, { recursive: true, force: true });
    });

    it('links each insect record to its photo file by uuid; records without a photo get null', async () => {
      const rows = await t.query(`select id::int as id, file_id from insect_records order by id`);
      expect(rows).toEqual([
        { id: 1, file_id: photoFile },
        { id: 2, file_id: null },
      ]);
    });

    it('clears older duplicate active alarms and refuses a new duplicate', async () => {
      const rows = await t.query(`select id::int as id, state, cleared_at is not null as cleared
        from alarms order by id`);
      expect(rows).toEqual([
        { id: 1, state: 'cleared', cleared: true },
        { id: 2, state: 'active', cleared: false },
        { id: 3, state: 'active', cleared: false },
      ]);
      await expect(
        t.query(`insert into alarms (tenant_id, id, rule_id, device_id, kind, severity, message)
          values (${T}, 9, 3, 4, 'threshold', 'warning', 'dup')`),
      ).rejects.toThrow(/alarms_active_uq/);
    });

    it('gives the farm operator role the alarm write codes, and the viewer none', async () => {
      // Later migrations grant codes of their own (0006: smart control); this one is about the alarm codes.
      const rows = await t.query(`select role_id::int as role, permission_code as code from role_permissions
        where tenant_id = ${T} and permission_code like 'wfpf.farm.equipment.warning-%'
        order by permission_code`);
      expect(rows.filter((r) => r.role === 2)).toEqual([]);
      expect(rows.filter((r) => r.role === 1).map((r) => r.code)).toEqual([
        'wfpf.farm.equipment.warning-manage.ps.ack',
        'wfpf.farm.equipment.warning-manage.ps.create',
        'wfpf.farm.equipment.warning-manage.ps.delete',
        'wfpf.farm.equipment.warning-manage.ps.edit',
        'wfpf.farm.equipment.warning-staff.ps.create',
        'wfpf.farm.equipment.warning-staff.ps.delete',
        'wfpf.farm.equipment.warning-staff.ps.edit',
      ]);
    });
  });

cases('PGlite', pgliteTarget);
if (process.env.DATABASE_URL) cases('PostgreSQL', postgresTarget);

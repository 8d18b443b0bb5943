import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drizzleDir,
  pgliteTarget,
  postgresTarget,
  type Target,
} from '../../platform/db/__tests__/migration-targets.js';
import { type CitusPlan, planSql, walkSchema } from './citus-walk.js';

// The migrated schema must distribute by tenant_id on Citus (docs/scaling.md, "Citus"): every tenant
// table keyed and made unique by tenant_id first, every foreign key between tenant tables on tenant_id.
// PGlite always; PostgreSQL too when DATABASE_URL is set.

const scalingDoc = path.resolve(import.meta.dirname, '../../../../../docs/scaling.md');

/** The plan block of docs/scaling.md, between its markers. */
export const docPlan = (): string => {
  const text = readFileSync(scalingDoc, 'utf8');
  const m = /<!-- citus-plan:start -->\n```sql\n([\s\S]*?)```\n<!-- citus-plan:end -->/.exec(text);
  return m?.[1] ?? '(no citus-plan block in docs/scaling.md)';
};

const cases = (name: string, open: () => Promise<Target>) =>
  describe(`Citus distribution of the migrated schema on ${name}`, () => {
    let t: Target;
    let plan: CitusPlan;
    beforeAll(async () => {
      t = await open();
      await t.migrate(drizzleDir);
      plan = await walkSchema(t.query);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('has no primary key, unique index or tenant-to-tenant foreign key that leaves out tenant_id', () => {
      expect(plan.violations).toEqual([]);
    });

    it('distributes the business tables and keeps the platform tables off the workers', () => {
      expect(plan.distributed).toContain('devices');
      expect(plan.distributed).toContain('applications');
      expect(plan.distributed).not.toContain('memberships');
      expect(plan.reference).toEqual(expect.arrayContaining(['memberships', 'tenants', 'users']));
      expect(plan.local).toEqual(
        expect.arrayContaining(['auth_sessions', 'platform_settings', 'tenant_domains']),
      );
    });

    it('matches the plan printed in docs/scaling.md (node --import tsx scripts/citus-plan.ts)', () => {
      expect(docPlan()).toBe(planSql(plan));
    });
  });

cases('PGlite', pgliteTarget);
if (process.env.DATABASE_URL) cases('PostgreSQL', postgresTarget);

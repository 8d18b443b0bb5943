// Prints the Citus distribution plan of the migrated schema (docs/scaling.md, "Citus", shows it; the
// schema test compares the two): node --import tsx scripts/citus-plan.ts
import { drizzleDir, pgliteTarget } from '../apps/server/src/platform/db/__tests__/migration-targets.js';
import { planSql, walkSchema } from '../apps/server/src/test/scale/citus-walk.js';

const t = await pgliteTarget();
try {
  await t.migrate(drizzleDir);
  const plan = await walkSchema(t.query);
  process.stdout.write(planSql(plan));
  if (plan.violations.length > 0) {
    process.stderr.write(`Not distributable yet:\n${plan.violations.join('\n')}\n`);
    process.exitCode = 1;
  }
} finally {
  await t.close();
}

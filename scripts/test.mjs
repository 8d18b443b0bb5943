// `npm test`: every suite (contracts, server API on PGlite, web unit and browser tests) in one vitest run,
// then one plain closing line `tests: N passed, N failed`; the server's SQL is captured and checked for
// Citus co-location by tenant_id (scripts/citus-check.mjs). `--db` runs only the database suites (CI runs
// them a second time with DATABASE_URL pointing at PostgreSQL).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { webIsStale } from './start.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dbOnly = process.argv.includes('--db');
const out = path.join(root, 'test-output');
mkdirSync(out, { recursive: true });

if (!dbOnly && existsSync(path.join(root, 'apps/web/e2e')) && webIsStale()) {
  const b = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const report = path.join(out, dbOnly ? 'vitest-db.json' : 'vitest.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
// The cluster failover suite brings its own PostgreSQL (Patroni): it runs in the first pass only, instead
// of being skipped in this one.
if (dbOnly) args.push('--project', 'server', '--exclude', '**/test/scale/failover.test.ts');
// Every distinct statement the server's tests run is captured, then checked for Citus co-location.
const sqlDir = path.join(out, dbOnly ? 'sql-db' : 'sql');
rmSync(sqlDir, { recursive: true, force: true });
const env = { ...process.env, TILTH_SQL_CAPTURE: sqlDir };
const r = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env });
const citus = existsSync(sqlDir)
  ? spawnSync('node', [path.join(root, 'scripts/citus-check.mjs'), sqlDir], { cwd: root, stdio: 'inherit' })
  : { status: 1 };
if (!existsSync(sqlDir)) console.log('citus-check: no SQL was captured');

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, 'utf8'));
  passed = j.numPassedTests ?? 0;
  // A file that failed to load has no test results of its own; count it once as a failure.
  const brokenFiles = (j.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  );
  failed = (j.numFailedTests ?? 0) + brokenFiles.length;
  skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
}
const label = dbOnly ? `tests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})` : 'tests';
console.log(
  `${label.replace(/\s.*/, '')}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(r.status !== 0 || citus.status !== 0 || failed > 0 || passed === 0 ? 1 : 0);

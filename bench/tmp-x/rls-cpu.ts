import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createServer } from '../../apps/server/src/app/server.js';
import { createTenant } from '../../apps/server/src/modules/demo/seed.helpers.js';
import { listAreas } from '../../apps/server/src/modules/farm/area/area.repository.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createScratchDatabase } from '../../apps/server/src/test/test-database.js';

const scratch = await createScratchDatabase();
if (!scratch) throw new Error('x');
const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-x-'));
const config = loadConfig({ ...process.env, TILTH_DATA_DIR: dataDir, DATABASE_URL: scratch.url });
const server = await createServer(config, { pgliteDir: 'memory://', logger: false, smsLog: { info: () => undefined } });
const db = server.platform.database;
const t = await createTenant(db, 'Bench farm');
await db.withTenant(t, async (tx) => {
  for (let i = 0; i < 60; i++) await tx.execute(sql`insert into areas (tenant_id, area_name, area_num, area_center) values (${t}, ${`Base ${i}`}, ${`B${i}`}, '22.96,113.34')`);
});
let captured: { text: string; values: unknown[] } | undefined;
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  const c = a[0] as { text?: string; values?: unknown[] };
  if (c?.text?.includes('areas')) captured = { text: c.text, values: (a[1] as unknown[]) ?? c.values ?? [] };
  return Reflect.apply(orig, this, a);
} as typeof orig;
await db.withTenant(t, (tx) => listAreas(tx, t, {}, 20, 0));
pg.Client.prototype.query = orig;
if (!captured) throw new Error('no sql');
const c = new pg.Client({ connectionString: scratch.url });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = async () => { const f = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10000; };
const loop = async (label: string, q: () => Promise<unknown>) => {
  const n = 4000;
  for (let i = 0; i < 300; i++) await q();
  const c0 = await cpu(); const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await q();
  console.log(label.padEnd(50), 'wall', (Number(process.hrtime.bigint() - t0) / 1000 / n).toFixed(0), 'µs; backend cpu', ((await cpu()) - c0) / n, 'µs');
};
const main = () => c.query(captured!.text, captured!.values);
const named = () => c.query({ name: 'q1', text: captured!.text, values: captured!.values });
for (let r = 0; r < 2; r++) {
  await c.query('reset role'); await c.query(`select set_config('app.tenant_id', '', false)`);
  await loop('superuser unnamed', main);
  await c.query('set role tilth_app');
  await c.query(`select set_config('app.tenant_id', '${t}', false)`);
  await loop('app role, session setting, unnamed', main);
  await loop('app role, session setting, named q1', named);
  await loop('app role, set_config stmt only', () => c.query(`select set_config('app.tenant_id', $1, true)`, [String(t)]));
  await loop('app role, select 1', () => c.query('select 1'));
}
await c.end();
await server.close();
await scratch.drop();

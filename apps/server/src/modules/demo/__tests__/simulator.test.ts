import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import { type Simulator, startSimulator, warmupStart } from '@tilth/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Started } from '../../../app/server.js';
import { loadConfig } from '../../../platform/config.js';
import { auth, json, login } from '../../../test/harness.js';
import { brokerUrl, connectDevice, waitFor } from '../../../test/iot.js';
import { createScratchDatabase } from '../../../test/test-database.js';
import { DEMO_FLEET } from '../demo.devices.fleet.js';
import { DEMO_TENANT_ID, issueDemoSecrets } from '../demo.devices.js';
import { demoExtras } from '../demo.extras.js';
import { seedDemo } from '../demo.seed.js';
import { createTenant, PLATFORM_TENANT_NAME } from '../seed.helpers.js';

// The demo fleet played by the simulator library in this process, over the test server's real embedded
// broker: the telemetry lands in the database, commands go round trip, stale secrets stop working.

let server: Started;
let sim: Simulator | undefined;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let dataDir: string;
const T = DEMO_TENANT_ID;

const rows = async <R>(q: ReturnType<typeof sql>): Promise<R[]> =>
  server.platform.database.withTenant(
    T,
    async (tx) => ((await tx.execute(q)) as unknown as { rows: R[] }).rows,
  );

beforeAll(async () => {
  // The real demo seed (tenant 1001), which the test harness's fixtures would collide with.
  dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-sim-'));
  scratch = await createScratchDatabase();
  const config = loadConfig({
    ...process.env,
    TILTH_DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    TILTH_DEMO: '0',
    TILTH_WEATHER_PROVIDER: 'offline',
    MQTT_PORT: '0',
    MQTT_URL: '',
    HOST: '127.0.0.1',
  });
  server = await createServer(config, {
    pgliteDir: 'memory://',
    logger: false,
    smsLog: { info: () => undefined },
  });
  await createTenant(server.platform.database, PLATFORM_TENANT_NAME, { id: 0 });
  const seeded = await seedDemo(server.platform.database, demoExtras);
  expect(seeded.demoTenant).toBe(T);
});

afterAll(async () => {
  await sim?.stop();
  await server?.close();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo fleet', () => {
  it('has a device of every registry type but cameras, placed on the demo bases, with channels and IoT cards', async () => {
    const types = await rows<{ type_key: string; n: string; placed: string }>(
      sql`select type_key, count(*) n, count(*) filter (where area_id is not null and lat is not null) placed
          from devices group by type_key`,
    );
    const expected = DEVICE_TYPES.filter((t) => t.family !== 'camera').map((t) => t.key);
    expect(types.map((r) => r.type_key).sort()).toEqual([...expected].sort());
    for (const r of types) expect(r.placed).toBe(r.n);
    const channels = await rows<{ kind: string; switch_type: string | null; n: string }>(
      sql`select kind, switch_type, count(*) n from device_channels group by kind, switch_type order by 1, 2`,
    );
    expect(channels.map((c) => `${c.kind}:${c.switch_type ?? ''}`)).toEqual([
      'pump:',
      'switch:curtain',
      'switch:motorised',
      'switch:regular',
    ]);
    const pumps = await rows<{ n: string }>(
      sql`select count(*) n from device_channels c join devices d on d.tenant_id = c.tenant_id and d.id = c.device_id
          where c.kind = 'pump' and d.eui = 'SIM-AER-NS01'`,
    );
    expect(Number(pumps[0]?.n)).toBe(3);
    const cards = await rows<{ n: string }>(sql`select count(*) n from sim_cards`);
    expect(Number(cards[0]?.n)).toBe(DEMO_FLEET.filter((d) => d.iccid).length);
  });

  it('has 30 days of history with daily rollups for the weather station and a soil station', async () => {
    const history = await rows<{ eui: string; readings: string; days: string; rain: number | null }>(
      sql`select d.eui,
            (select count(*) from telemetry t where t.tenant_id = d.tenant_id and t.device_id = d.id) readings,
            (select count(distinct bucket) from telemetry_daily x where x.tenant_id = d.tenant_id and x.device_id = d.id) days,
            (select sum(sum) from telemetry_daily x where x.tenant_id = d.tenant_id and x.device_id = d.id and x.metric = 'rainfall') rain
          from devices d where d.eui in ('SIM-WS-PY01', 'SIM-SM-PY01') order by d.eui`,
    );
    expect(history.map((h) => h.eui)).toEqual(['SIM-SM-PY01', 'SIM-WS-PY01']);
    // Soil every 3 hours, weather every hour, each with a last reading at the seed moment itself.
    expect(history.map((h) => Number(h.readings))).toEqual([30 * 8 + 1, 30 * 24 + 1]);
    const [last] = await rows<{ latest_at: Date; newest: Date }>(
      sql`select d.latest_at, (select max(ts) from telemetry t where t.tenant_id = d.tenant_id and t.device_id = d.id) newest
          from devices d where d.eui = 'SIM-SM-PY01'`,
    );
    // The history reaches the seed moment (not a whole hour before it) and the latest values are its end.
    expect(Date.now() - new Date(String(last?.newest)).getTime()).toBeLessThan(10 * 60_000);
    expect(new Date(String(last?.latest_at)).getTime()).toBe(new Date(String(last?.newest)).getTime());
    for (const h of history) expect(Number(h.days)).toBeGreaterThanOrEqual(30);
    // Rainfall adds up the same in the raw readings and the daily rollups.
    const raw = await rows<{ rain: number }>(
      sql`select sum((values->>'rainfall')::float8) rain from telemetry t join devices d on d.tenant_id = t.tenant_id and d.id = t.device_id
          where d.eui = 'SIM-WS-PY01'`,
    );
    expect(Number(history[1]?.rain)).toBeCloseTo(Number(raw[0]?.rain), 6);
  });

  it('connects every simulated device, stores their telemetry and answers a gateway switch command', async () => {
    const [seeded] = await rows<{ latest: Record<string, number>; latest_at: Date }>(
      sql`select latest, latest_at from devices where eui = 'SIM-SM-PY01'`,
    );
    const devices = await issueDemoSecrets(server.platform.database);
    expect(devices.length).toBe(DEMO_FLEET.length);
    const logs: string[] = [];
    sim = await startSimulator({
      brokerUrl: brokerUrl(server),
      devices,
      periodSec: 1,
      ackDelayScale: 0.05,
      log: (m) => logs.push(m),
    });
    expect(sim.failed).toEqual([]);
    expect(logs).toContain(`simulator: ${DEMO_FLEET.length} devices online`);

    // Telemetry of every type arrives (the first reading goes out on connect, then every second).
    const typeCount = new Set(DEMO_FLEET.map((d) => d.typeKey)).size;
    await waitFor(
      async () => {
        const r = await rows<{ n: string }>(
          sql`select count(distinct d.type_key) n from telemetry t join devices d on d.tenant_id = t.tenant_id and d.id = t.device_id
              where t.received_at > now() - interval '1 minute'`,
        );
        return Number(r[0]?.n) === typeCount;
      },
      20_000,
      'telemetry from every type',
    );
    // The soil station's live readings continue the seeded curve: the simulator's model has lived through
    // the same weeks on the same grid (warmUp), so layer moisture does not jump at the seam. (Only when the
    // seed and this start share a warm-up grid: not across local midnight.)
    const [live] = await rows<{ values: Record<string, number> }>(
      sql`select t.values from telemetry t join devices d on d.tenant_id = t.tenant_id and d.id = t.device_id
          where d.eui = 'SIM-SM-PY01' and t.ts > ${seeded?.latest_at} order by t.ts limit 1`,
    );
    if (warmupStart(new Date(String(seeded?.latest_at)).getTime()) === warmupStart(Date.now())) {
      for (let layer = 0; layer <= 10; layer++) {
        const key = `moisture${layer}`;
        expect(Math.abs(Number(live?.values[key]) - Number(seeded?.latest[key])), key).toBeLessThan(0.5);
      }
    }
    // Online is set by the status message, stored in its own batch: on a loaded machine it can trail the
    // first readings by a moment.
    await waitFor(
      async () => {
        const online = await rows<{ n: string }>(sql`select count(*) n from devices where online`);
        return Number(online[0]?.n) === DEMO_FLEET.length;
      },
      20_000,
      'every device online',
    );

    // Switch the greenhouse's irrigation pump on through the API; the simulated gateway acks it.
    const token = await login(server, 'demo', 'demo1234');
    const sw = await rows<{ id: string; circuit: number }>(
      sql`select c.id, c.circuit from device_channels c join devices d on d.tenant_id = c.tenant_id and d.id = c.device_id
          where d.eui = 'SIM-GW-PY01' and c.name = '灌溉水泵'`,
    );
    const channel = sw[0];
    if (!channel) throw new Error('no demo switch');
    const res = await server.app.inject({
      method: 'POST',
      url: `/wfpe/v1/${T}/device/mqtt/control/switch`,
      headers: auth(token),
      payload: { switchId: Number(channel.id), sw: 1, eui: 'SIM-GW-PY01', circuit: channel.circuit },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { cmdId } = json<{ cmdId: string }>(res);
    const done = await waitFor(
      async () => {
        const c = json<{ state: string }>(
          await server.app.inject({
            method: 'GET',
            url: `/wfpe/v1/${T}/device/command/${cmdId}`,
            headers: auth(token),
          }),
        );
        return ['done', 'failed', 'timeout'].includes(c.state) ? c : undefined;
      },
      15_000,
      'switch command finished',
    );
    expect(done.state).toBe('done');
    expect(sim.client('gateway', 'SIM-GW-PY01')?.stats.commands).toBe(1);
  });

  it('issuing new secrets makes the old ones useless', async () => {
    const [first] = await issueDemoSecrets(server.platform.database);
    if (!first) throw new Error('no simulated device');
    await issueDemoSecrets(server.platform.database);
    await expect(
      connectDevice(server, {
        username: `${T}/${first.typeKey}/${first.eui}`,
        secret: first.password,
        clientId: `${T}/${first.typeKey}/${first.eui}:old`,
      }),
    ).rejects.toThrow();
  });
});

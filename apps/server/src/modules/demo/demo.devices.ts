import { deviceConfigSchema } from '@tilth/contracts/device-config.types';
import { SETTING_DATA, type SettingKind } from '@tilth/contracts/device-family.types';
import {
  createModel,
  DEFAULT_SEED,
  finalizeValues,
  replayHistory,
  type SimDeviceSpec,
  type Simulator,
  Site,
  startSimulator,
  warmUp,
} from '@tilth/simulator';
import type { Config } from '../../platform/config.js';
import type { Database, Db } from '../../platform/db/client.js';
import { hashDeviceSecret, newDeviceSecret } from '../../platform/iot/device-secret.js';
import type { IotRuntime } from '../../platform/iot/iot.js';
import { insertSeedChannels, listPumpPorts, type SeedChannel } from '../iot/control/index.js';
import {
  type DemoDeviceInsert,
  insertDemoDevices,
  listSimulatedDevices,
  replaceSecrets,
  setDemoLatest,
} from '../iot/device/index.js';
import { insertSeedSettings } from '../iot/device-family/index.js';
import { insertSeedSimCards } from '../iot/sim/index.js';
import { insertTelemetry, rebuildDailyRollups, rollupHourlyFromRaw } from '../iot/telemetry/index.js';
import { DEMO_EUI_PREFIX, DEMO_FLEET, type DemoDevice } from './demo.devices.fleet.js';
import { type DemoPlace, listDemoPlaces } from './demo.devices.repository.js';
import type { DemoExtras } from './demo.seed.js';

// The demo tenant's devices (DEMO_FLEET), 30 days of history up to the seed moment for a weather station
// and a soil station so reports and curves have data at first start, and the in-process simulator that plays the
// fleet over the embedded broker on every `npm start` (TILTH_DEMO=0 or TILTH_SIMULATOR=0 turn it off).

/** The demo tenant of demo.seed.ts. */
export const DEMO_TENANT_ID = 1001;
const HOUR_MS = 3_600_000;
const BACKFILL_DAYS = 30;
/**
 * Devices given history at first start, with the step between readings: the Panyu weather station hourly
 * (reports need every hour) and the first greenhouse's soil station every 3 hours (36 metrics a reading;
 * hourly would triple the seed time on PGlite).
 */
const BACKFILLED: readonly { eui: string; stepHours: number }[] = [
  { eui: 'SIM-WS-PY01', stepHours: 1 },
  { eui: 'SIM-SM-PY01', stepHours: 3 },
];

const parseCenter = (c: string | null): [number, number] | undefined => {
  const m = c ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(c) : null;
  return m ? [Number(m[1]), Number(m[2])] : undefined;
};

/** A position `offset` metres (east, north) from a 'lat,lng' centre. */
const place = (center: [number, number], [east, north]: [number, number]): { lat: number; lng: number } => {
  const [lat0, lng0] = center;
  return {
    lat: Number((lat0 + north / 111_320).toFixed(6)),
    lng: Number((lng0 + east / (111_320 * Math.cos((lat0 * Math.PI) / 180))).toFixed(6)),
  };
};

const siteKey = (landId: number | null, areaId: number | null): string | undefined =>
  landId ? `land-${landId}` : areaId ? `area-${areaId}` : undefined;

/** The config as the registry validates it; a value the type's schema refuses is dropped, not seeded. */
const validConfig = (typeKey: string, config: Record<string, unknown> = {}): Record<string, unknown> => {
  const r = deviceConfigSchema(typeKey).safeParse(config);
  return r.success ? r.data : {};
};

/** Settings of the robotic arm and the fertigation machine (presets, a cruise, a program, a method). */
const settingsFor = (d: DemoDevice): { kind: SettingKind; name: string; data: Record<string, unknown> }[] => {
  if (d.typeKey === 'robotic-arm') {
    // The poses the simulator goes to for each preset number (apps/simulator models.control.ts presetPose).
    const pose = (n: number) => ({ r: ((n * 47) % 360) - 180, y: n * 800, z: 300 + ((n * 130) % 1200) });
    return [
      ...[1, 2, 3, 4].map((n) => ({
        kind: 'preset' as const,
        name: `${n}号巡检点`,
        data: { number: n, ...pose(n) },
      })),
      {
        kind: 'cruise',
        name: '番茄行巡检',
        data: {
          number: 1,
          loop: true,
          steps: [1, 2, 3, 4].map((n) => ({ ...pose(n), speed: 40, stayS: 60 })),
        },
      },
    ];
  }
  if (d.typeKey === 'water-fertilizer') {
    return [
      { kind: 'method', name: '比例施肥 1:200', data: { method: 'proportional', ratio: 200 } },
      {
        kind: 'program',
        name: '早晚滴灌',
        data: {
          programNumber: 1,
          zones: [
            { valve: 1, durationMin: 20 },
            { valve: 2, durationMin: 20 },
          ],
          startTimes: ['07:00', '17:30'],
          mode: 'daily',
          startDate: '2026-01-01',
          ecTarget: 1.8,
          phTarget: 6.2,
        },
      },
    ];
  }
  return [];
};

/** One reading of a fresh model at `t`, so the console shows values even before the simulator connects. */
const firstReading = (d: DemoDevice, at: number, lat?: number, lng?: number): Record<string, number> => {
  const model = createModel(d.typeKey, {
    seed: DEFAULT_SEED,
    site: new Site(d.eui, DEFAULT_SEED),
    device: { typeKey: d.typeKey, eui: d.eui, lat, lng, pumpPorts: d.pumps?.map((p) => p.port) },
  });
  // Warmed like the simulator's models, so the first card value is the one the live readings continue.
  return model ? warmUp(model, at).sample(at) : {};
};

const seedFleet = async (
  tx: Db,
  tenantId: number,
  places: readonly DemoPlace[],
): Promise<Map<string, number>> => {
  const ids = new Map<string, number>();
  const channels: SeedChannel[] = [];
  const settings: {
    deviceId: number;
    kind: string;
    name: string;
    data: Record<string, unknown>;
    sort: number;
  }[] = [];
  const now = Date.now();
  const row = (d: DemoDevice): DemoDeviceInsert => {
    const base = places.find((p) => p.areaName === d.base && p.landId === null);
    const plot = d.plot ? places.find((p) => p.areaName === d.base && p.landName === d.plot) : undefined;
    const center = parseCenter((plot ?? base)?.center ?? null);
    const pos = center ? place(center, d.offset) : undefined;
    const latest = firstReading(d, now, pos?.lat, pos?.lng);
    return {
      typeKey: d.typeKey,
      name: d.name,
      eui: d.eui,
      iccid: d.iccid ?? null,
      areaId: base?.areaId ?? null,
      landId: plot?.landId ?? null,
      lat: pos?.lat ?? null,
      lng: pos?.lng ?? null,
      parentId: d.parent ? (ids.get(d.parent) ?? null) : null,
      config: validConfig(d.typeKey, d.config),
      description: d.description ?? null,
      latest,
      latestAt: Object.keys(latest).length ? new Date(now) : null,
      // Replaced at every start by issueDemoSecrets; nobody knows this one.
      secretHash: hashDeviceSecret(newDeviceSecret()),
    };
  };
  // Parents first (one statement), then the devices that hang off them.
  const parents = DEMO_FLEET.filter((d) => !d.parent);
  for (const [eui, id] of await insertDemoDevices(tx, tenantId, parents.map(row))) ids.set(eui, id);
  const children = DEMO_FLEET.filter((d) => d.parent);
  for (const [eui, id] of await insertDemoDevices(tx, tenantId, children.map(row))) ids.set(eui, id);
  for (const d of DEMO_FLEET) {
    const id = ids.get(d.eui);
    if (id === undefined) continue;
    for (const s of d.switches ?? []) {
      channels.push({
        deviceId: id,
        kind: 'switch',
        name: s.name,
        circuit: s.circuit,
        switchType: s.switchType,
        icon: s.icon,
      });
    }
    for (const p of d.pumps ?? []) {
      channels.push({
        deviceId: id,
        kind: 'pump',
        name: p.name,
        circuit: p.port,
        switchType: null,
        icon: 'DeploymentUnitOutlined',
      });
    }
    for (const [i, s] of settingsFor(d).entries()) {
      if (SETTING_DATA[s.kind].safeParse(s.data).success) settings.push({ deviceId: id, ...s, sort: i });
    }
  }
  await insertSeedChannels(tx, tenantId, channels);
  await insertSeedSettings(tx, tenantId, settings);
  const operators = ['中国移动', '中国联通', '中国电信'];
  const cards = DEMO_FLEET.filter((d) => d.iccid).map((d, i) => ({
    iccid: d.iccid as string,
    msisdn: `1440${String(7_000_000 + i * 37).padStart(9, '0')}`,
    operator: operators[i % 3] as string,
    planMb: 1024,
    usedMb: Math.round((120 + i * 41.5) * 10) / 10,
    activatedAt: new Date(now - (200 + i * 5) * 24 * HOUR_MS),
    expiresAt: new Date(now + (165 - i * 5) * 24 * HOUR_MS),
  }));
  await insertSeedSimCards(tx, tenantId, cards);
  return ids;
};

/**
 * History for the backfilled devices over the last 30 days up to the seed moment `now`, stored as raw
 * telemetry with hourly and daily rollups. The model walks the same hourly grid the live simulator warms
 * up on (replayHistory), and the last reading is taken at `now` itself: the simulator started right after
 * the seed continues the very same curve instead of jumping to a fresh model's value.
 */
const backfill = async (tx: Db, tenantId: number, ids: ReadonlyMap<string, number>, now: number) => {
  const start = now - BACKFILL_DAYS * 24 * HOUR_MS;
  const rows: { deviceId: number; seq: number; ts: number; values: Record<string, number> }[] = [];
  const done: number[] = [];
  for (const { eui, stepHours } of BACKFILLED) {
    const d = DEMO_FLEET.find((x) => x.eui === eui);
    const id = ids.get(eui);
    if (!d || !id) continue;
    const model = createModel(d.typeKey, {
      seed: DEFAULT_SEED,
      site: new Site(eui, DEFAULT_SEED),
      device: { typeKey: d.typeKey, eui },
    });
    if (!model) continue;
    // Seq epoch-ms based like the live simulator's; values in range and rounded to the metric's decimals,
    // as validateTelemetry stores them. Every grid hour is sampled (the soil integrates each one), every
    // stepHours-th is stored.
    const reading = (ts: number, values: Record<string, number>) => ({
      deviceId: id,
      seq: ts,
      ts,
      values: finalizeValues(d.typeKey, values),
    });
    replayHistory(model, now, (ts, values) => {
      if (ts >= start && Math.floor(ts / HOUR_MS) % stepHours === 0) rows.push(reading(ts, values));
    });
    const last = reading(now, model.sample(now));
    rows.push(last);
    await setDemoLatest(tx, tenantId, id, last.values, new Date(last.ts), last.seq);
    done.push(id);
  }
  await insertTelemetry(tx, tenantId, rows);
  await rollupHourlyFromRaw(tx, tenantId, done);
  await rebuildDailyRollups(tx, tenantId, done);
};

/** DemoExtras: the demo tenant's fleet with channels, settings, IoT cards and 30 days of history. */
export const seedDemoDevices: DemoExtras = async (database, ids) => {
  await database.withTenant(ids.demoTenant, async (tx) => {
    const places = await listDemoPlaces(tx, ids.demoTenant);
    const deviceIds = await seedFleet(tx, ids.demoTenant, places);
    await backfill(tx, ids.demoTenant, deviceIds, Date.now());
  });
};

/**
 * Issues fresh secrets to the tenant's simulated devices (serials SIM-…) and answers what the simulator
 * needs to connect them. Secrets live only in this process: each start issues new ones.
 */
export const issueDemoSecrets = async (
  database: Database,
  tenantId = DEMO_TENANT_ID,
  euiPrefix = DEMO_EUI_PREFIX,
): Promise<SimDeviceSpec[]> =>
  database.withTenant(tenantId, async (tx) => {
    const rows = await listSimulatedDevices(tx, tenantId, euiPrefix);
    const pumps = await listPumpPorts(tx, tenantId);
    const issued = rows.map((r) => ({ row: r, secret: newDeviceSecret() }));
    await replaceSecrets(
      tx,
      tenantId,
      issued.map((x) => ({ id: x.row.id, hash: hashDeviceSecret(x.secret) })),
    );
    return issued.map(({ row, secret }) => ({
      tenantId,
      typeKey: row.typeKey,
      eui: row.eui,
      password: secret,
      site: siteKey(row.landId, row.areaId),
      lat: row.lat ?? undefined,
      lng: row.lng ?? undefined,
      pumpPorts: row.typeKey === 'aerator' ? (pumps.get(row.id) ?? []) : undefined,
    }));
  });

export interface DemoSimulatorOptions {
  /** Upload period of every simulated device, seconds (TILTH_SIMULATOR_PERIOD_SEC, default 10). */
  periodSec?: number;
  /** Seconds between trap photos (TILTH_SIMULATOR_PHOTO_SEC, default 300: a few minutes for the demo). */
  photoPeriodSec?: number;
  /** Where the traps upload photos; default this server on the loopback. */
  apiUrl?: string;
  log?: (msg: string) => void;
}

const withoutCredentials = (url: string): string => {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString();
};

/** This server's HTTP address as seen from the same machine. */
const loopbackApi = (config: Config): string => {
  const any = !config.host || config.host === '0.0.0.0' || config.host === '::';
  const host = any ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
};

/**
 * `npm start`: plays the demo tenant's fleet in this process against the server's broker, unless
 * TILTH_DEMO=0 or TILTH_SIMULATOR=0. Answers undefined when off or when there is nothing to play.
 */
export const startDemoSimulator = async (
  server: {
    platform: { database: Database; config: Config; iot?: Pick<IotRuntime, 'provisionDevice'> };
    mqttPort?: number | undefined;
  },
  opts: DemoSimulatorOptions = {},
): Promise<Simulator | undefined> => {
  const { config, database } = server.platform;
  if (!config.demo || !config.simulator) return undefined;
  // Never the server's own account from MQTT_URL: mqtt.js lets a URL's user:password override the
  // options, and every simulated device must log in as itself.
  const brokerUrl = config.mqttUrl
    ? withoutCredentials(config.mqttUrl)
    : server.mqttPort
      ? `mqtt://127.0.0.1:${server.mqttPort}`
      : undefined;
  if (!brokerUrl) return undefined;
  const devices = await issueDemoSecrets(database);
  if (devices.length === 0) return undefined;
  // On an external broker with provisioning (mosquitto dynamic security) the fresh secrets must reach it
  // before the simulated devices log in; with the embedded broker this is a no-op.
  const iot = server.platform.iot;
  if (iot) await Promise.all(devices.map((d) => iot.provisionDevice(d, d.password)));
  return startSimulator({
    brokerUrl,
    devices,
    periodSec: opts.periodSec ?? config.simulatorPeriodSec ?? 10,
    // Pest stations and forecast lamps upload trap photos to this server (spec 02 pest pages).
    photoApi: opts.apiUrl ?? loopbackApi(config),
    photoPeriodSec: opts.photoPeriodSec ?? config.simulatorPhotoSec ?? 300,
    ...(opts.log ? { log: opts.log } : {}),
  });
};

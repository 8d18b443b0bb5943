import { DeviceClient, type SimDeviceSpec } from './device-client.js';
import { createModel } from './models.js';
import { Sites } from './site.js';
import { warmUp } from './warmup.js';

// The simulator library: every given device as its own MQTT client against one broker. Used standalone
// (`npm run simulate`, main.ts) and in-process by the server for the demo tenant (apps/server main.ts).

export interface SimulatorOptions {
  brokerUrl: string;
  devices: readonly SimDeviceSpec[];
  /** Same seed, same farm story. */
  seed?: number;
  /** Upload period in seconds, for all types or per type key (default 60). */
  periodSec?: number | ((typeKey: string) => number);
  ackDelayScale?: number;
  now?: () => number;
  log?: (msg: string) => void;
  connectTimeoutMs?: number;
  /** The server's HTTP base URL: pest stations and forecast lamps upload trap photos there (photos.ts). */
  photoApi?: string;
  /** Seconds between trap photos while a trap works (default: its configured photo interval). */
  photoPeriodSec?: number;
}

export interface Simulator {
  readonly clients: readonly DeviceClient[];
  /** Devices whose connection was refused or timed out (their clients are stopped). */
  readonly failed: readonly { eui: string; typeKey: string; error: string }[];
  online(): number;
  client(typeKey: string, eui: string): DeviceClient | undefined;
  /** Every connected device publishes a reading now (tests, benchmarks). */
  publishAll(): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_SEED = 20_260_501;

export const startSimulator = async (opts: SimulatorOptions): Promise<Simulator> => {
  const seed = opts.seed ?? DEFAULT_SEED;
  const log = opts.log ?? ((m: string) => console.log(m));
  const sites = new Sites(seed);
  const period = opts.periodSec ?? 60;
  const clients: DeviceClient[] = [];
  const now = opts.now ?? Date.now;
  const failed: { eui: string; typeKey: string; error: string }[] = [];
  for (const spec of opts.devices) {
    const site = sites.get(spec.site ?? `tenant-${spec.tenantId}`);
    const model = createModel(spec.typeKey, {
      seed,
      site,
      device: {
        typeKey: spec.typeKey,
        eui: spec.eui,
        lat: spec.lat,
        lng: spec.lng,
        pumpPorts: spec.pumpPorts,
      },
    });
    if (!model) continue;
    // Soil starts as the weeks of weather before now left it, on the grid the demo history was seeded on.
    warmUp(model, now());
    clients.push(
      new DeviceClient(spec, model, {
        brokerUrl: opts.brokerUrl,
        periodSec: typeof period === 'function' ? period(spec.typeKey) : period,
        ackDelayScale: opts.ackDelayScale ?? 1,
        now,
        log,
        photoApi: opts.photoApi,
        photoPeriodSec: opts.photoPeriodSec,
        seed,
      }),
    );
  }
  // Spread connections a little (as a field does) but connect in parallel batches to stay quick.
  const connected: DeviceClient[] = [];
  const BATCH = 50;
  for (let i = 0; i < clients.length; i += BATCH) {
    const batch = clients.slice(i, i + BATCH);
    const results = await Promise.allSettled(batch.map((c) => c.start(opts.connectTimeoutMs)));
    for (const [j, r] of results.entries()) {
      const c = batch[j] as DeviceClient;
      if (r.status === 'fulfilled') connected.push(c);
      else {
        failed.push({ eui: c.spec.eui, typeKey: c.spec.typeKey, error: String(r.reason) });
        await c.stop(false);
      }
    }
  }
  for (const f of failed) log(`simulator: ${f.typeKey} ${f.eui} could not connect: ${f.error}`);
  log(`simulator: ${connected.length} devices online`);
  const byKey = new Map(connected.map((c) => [`${c.spec.typeKey}/${c.spec.eui}`, c]));
  return {
    clients: connected,
    failed,
    online: () => connected.filter((c) => c.connected).length,
    client: (typeKey, eui) => byKey.get(`${typeKey}/${eui}`),
    publishAll: async () => {
      await Promise.all(connected.map((c) => c.publishReading()));
    },
    stop: async () => {
      await Promise.all(connected.map((c) => c.stop(true)));
    },
  };
};

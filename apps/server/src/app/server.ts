import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { basePlotsCheck } from '../modules/farm/area/index.js';
import type { WeatherProvider } from '../modules/farm/weather/weather.provider.js';
import { dataScopeOf, permissionCodes } from '../modules/identity/access/permission-codes.repository.js';
import { findClient } from '../modules/identity/application/application.repository.js';
import { findSession, isMember } from '../modules/identity/identity/session.repository.js';
import { registerUnitDeleteCheck } from '../modules/identity/organization/index.js';
import { tenantTimeZone } from '../modules/identity/tenant/tenant.repository.js';
import { registerModules } from '../modules/index.js';
import { deviceLookup } from '../modules/iot/device/device-credential.repository.js';
import { chirpstackCodecs } from '../modules/iot/device-family/chirpstack.lorawan.js';
import { TelemetryIngest } from '../modules/iot/telemetry/telemetry.ingest.js';
import { loadKeyRing } from '../platform/auth/keys.js';
import type { Config } from '../platform/config.js';
import { type Database, type OpenOptions, openDatabase } from '../platform/db/client.js';
import { openStorage } from '../platform/files/open-storage.js';
import type { BuiltApp } from '../platform/http/app.js';
import { buildApp } from '../platform/http/app.js';
import { type IotOptions, type IotPorts, IotServer } from '../platform/iot/runtime.js';
import { JobRegistry } from '../platform/jobs.js';
import type { Platform } from '../platform/platform.js';
import { drainHttp, type InFlight, type ShutdownSteps, trackRequests } from '../platform/shutdown.js';
import { LogSmsProvider } from '../platform/sms/sms.provider.js';
import { serverJobs } from './jobs.js';
import * as schema from './schema.js';

// The composition root: the one place that knows both platform and modules. It opens the database with
// every table, builds Platform with the modules' implementations of its interfaces, registers the
// modules' routes and starts their jobs; platform/ itself imports no module.

type Tables = typeof schema;
declare module '../platform/db/client.js' {
  // Platform's Db type is typed with every table of the server (platform names no module itself).
  interface AppSchema extends Tables {}
}

/** The server's database: every table of app/schema.ts, migrations applied (CLI tools and tests too). */
export const openAppDatabase = (opts: Omit<OpenOptions, 'schema'>): Promise<Database> =>
  openDatabase({ ...opts, schema });

export interface Started extends BuiltApp {
  platform: Platform;
  sms: LogSmsProvider;
  /** The IoT runtime behind platform.iot, with what tests and the benchmark reach into. */
  iot: IotServer;
  /** The background jobs running (app/jobs.ts; main.ts adds the demo simulator). */
  jobs: JobRegistry;
  /** Bound port of the embedded MQTT broker (undefined with MQTT_URL). */
  mqttPort: number | undefined;
  /** Requests being answered now (shutdown log). */
  inFlight(): InFlight[];
  /** Stops the jobs, closes HTTP (drained, then cut), the MQTT side and the database, in that order. */
  close(opts?: CloseOptions): Promise<void>;
}

export interface CloseOptions {
  /** How long requests in flight may take to finish before their connections are cut (default 10 s). */
  drainMs?: number;
  /** Runs each named step (main.ts tracks them to log what is pending at its deadline). */
  step?: ShutdownSteps['run'];
}

export interface StartOptions {
  /** PGlite directory override ('memory://' in tests); ignored when DATABASE_URL is set. */
  pgliteDir?: string;
  logger?: boolean | { level: string };
  smsLog?: Pick<FastifyBaseLogger, 'info'>;
  /** Replaces the TILTH_WEATHER_PROVIDER one (tests inject a fake). */
  weather?: WeatherProvider;
  /** Clock of the IoT runtime and intervals of the telemetry jobs (tests). */
  iot?: IotOptions;
}

/** The domains' side of the IoT runtime: telemetry storage, device lookups, LoRaWAN codecs. */
export const iotPorts = (database: Database): IotPorts => ({
  telemetry: new TelemetryIngest(database),
  devices: deviceLookup,
  lorawan: chirpstackCodecs,
});

/** Without main.ts's tracking: a step just runs, and its failure is the caller's. */
const runStep: ShutdownSteps['run'] = async (_name, fn) => {
  await fn();
};

/**
 * Opens storage and database, builds the HTTP app and starts the MQTT side (the embedded broker on
 * MQTT_PORT, or the link to MQTT_URL); does not listen for HTTP.
 */
export const createServer = async (config: Config, opts: StartOptions = {}): Promise<Started> => {
  const database = await openAppDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: opts.pgliteDir ?? path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    readUrl: config.databaseReadUrl,
    poolMode: config.databasePoolMode,
    migrateUrl: config.databaseMigrateUrl,
  });
  const iot = new IotServer(config, database, iotPorts(database), opts.iot);
  const jobs = new JobRegistry();
  try {
    const keys = await loadKeyRing(database.db, config.jwtSecret);
    const sms = new LogSmsProvider(opts.smsLog ?? { info: (_o: unknown, msg?: string) => console.log(msg) });
    const platform: Platform = {
      config,
      database,
      keys,
      storage: openStorage(config),
      sms,
      sessions: {
        findSession,
        isMember,
        permissionCodes,
        dataScope: dataScopeOf,
        tenantTimeZone,
        findClient,
      },
      iot,
    };
    // ADR 0011: a base with plots is not deleted from the organisation tree (farm's rule, identity's call).
    registerUnitDeleteCheck('farm.base.plots', basePlotsCheck);
    const built = await buildApp(platform, opts.logger ?? { level: config.logLevel }, (app) =>
      registerModules(app, platform, { weather: opts.weather }),
    );
    const inFlight = trackRequests(built.app.server);
    if (!opts.smsLog) sms.log = built.app.log;
    iot.log = built.app.log;
    // Before the broker starts: ingest hooks are registered before the first device message can arrive.
    try {
      await jobs.start(serverJobs(platform, built.app.log, opts.iot ?? {}));
      await iot.start();
    } catch (err) {
      await jobs.stop(built.app.log);
      await iot.close();
      await built.app.close();
      throw err;
    }
    return {
      ...built,
      platform,
      sms,
      iot,
      jobs,
      mqttPort: iot.mqttPort,
      inFlight,
      close: async ({ drainMs = 10_000, step = runStep }: CloseOptions = {}) => {
        // The load balancer's check fails from now on; requests in flight and arriving meanwhile are served.
        built.health.draining = true;
        // Timers and the simulator stop first (ingest hooks stay until the MQTT side has drained).
        await step('jobs', () => jobs.stop(built.app.log));
        // Live streams end (preClose), then HTTP stops accepting and drains.
        await step('http', () =>
          drainHttp(() => built.app.close(), built.app.server, inFlight, drainMs, built.app.log),
        );
        // Broker connections (devices, the simulator, half-sent CONNECTs) and broker links, then ingest.
        await step('mqtt', () => iot.close());
        await step('database', () => database.close());
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
};

import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type WeatherProvider, weatherProviderFor } from '../modules/weather/weather.provider.js';
import { loadKeyRing } from './auth/keys.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { LocalDiskStorage, trackReads } from './files/storage.js';
import type { BuiltApp } from './http/app.js';
import { buildApp } from './http/app.js';
import { type IotOptions, IotServer } from './iot/runtime.js';
import type { Platform } from './platform.js';
import { LogSmsProvider } from './sms/sms.provider.js';

export interface Started extends BuiltApp {
  platform: Platform;
  sms: LogSmsProvider;
  /** The IoT runtime behind platform.iot, with what tests and the benchmark reach into. */
  iot: IotServer;
  /** Bound port of the embedded MQTT broker (undefined with MQTT_URL). */
  mqttPort: number | undefined;
  close(): Promise<void>;
}

export interface StartOptions {
  /** PGlite directory override ('memory://' in tests); ignored when DATABASE_URL is set. */
  pgliteDir?: string;
  logger?: boolean | { level: string };
  smsLog?: Pick<FastifyBaseLogger, 'info'>;
  /** Replaces the TILTH_WEATHER_PROVIDER one (tests inject a fake). */
  weather?: WeatherProvider;
  /** Clock and job intervals of the IoT runtime (tests). */
  iot?: IotOptions;
}

/**
 * Opens storage and database, builds the HTTP app and starts the MQTT side (the embedded broker on
 * MQTT_PORT, or the link to MQTT_URL); does not listen for HTTP.
 */
export const createServer = async (config: Config, opts: StartOptions = {}): Promise<Started> => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: opts.pgliteDir ?? path.join(config.dataDir, 'db'),
  });
  const iot = new IotServer(config, database, opts.iot);
  try {
    const keys = await loadKeyRing(database.db, config.jwtSecret);
    const sms = new LogSmsProvider(opts.smsLog ?? { info: (_o: unknown, msg?: string) => console.log(msg) });
    const platform: Platform = {
      config,
      database,
      keys,
      storage: trackReads(new LocalDiskStorage(path.join(config.dataDir, 'files'))),
      sms,
      weather: opts.weather ?? weatherProviderFor(config.weatherProvider),
      iot,
    };
    const built = await buildApp(platform, opts.logger ?? { level: config.logLevel });
    if (!opts.smsLog) sms.log = built.app.log;
    iot.log = built.app.log;
    // After buildApp: modules registered their hooks before the first device message can arrive.
    try {
      await iot.start();
    } catch (err) {
      await iot.close();
      await built.app.close();
      throw err;
    }
    return {
      ...built,
      platform,
      sms,
      iot,
      mqttPort: iot.mqttPort,
      close: async () => {
        await built.app.close();
        await iot.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
};

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Started } from '../app/server.js';
import { createTenant, PLATFORM_TENANT_NAME } from '../modules/demo/seed.helpers.js';
import { loadConfig } from '../platform/config.js';
import { createScratchDatabase } from './test-database.js';

export interface DemoTestServer {
  server: Started;
  close(): Promise<void>;
}

/**
 * A server of its own with no fixture tenants, only the platform's, as the demo seed expects: the tests of
 * demo seeding start one each (a scratch PostgreSQL database under CI's DATABASE_URL, else PGlite).
 */
export const startDemoTestServer = async (name: string): Promise<DemoTestServer> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), `tilth-${name}-`));
  const scratch = await createScratchDatabase();
  const server = await createServer(
    loadConfig({
      ...process.env,
      TILTH_DATA_DIR: dataDir,
      TILTH_DEMO: '0',
      DATABASE_URL: scratch?.url ?? '',
      // createServer starts the embedded broker: a free port, never the default 1883.
      MQTT_PORT: '0',
      MQTT_URL: '',
    }),
    { pgliteDir: 'memory://', logger: false, smsLog: { info: () => undefined } },
  );
  await createTenant(server.platform.database, PLATFORM_TENANT_NAME, { id: 0 });
  return {
    server,
    close: async () => {
      await server.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

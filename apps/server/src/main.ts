import { startDemoSimulator } from './modules/demo/demo.devices.js';
import { demoExtras } from './modules/demo/demo.extras.js';
import { DEMO_LOGINS, seedDemo } from './modules/demo/demo.seed.js';
import { createTenant, PLATFORM_TENANT_NAME, syncAdminPermissions } from './modules/demo/seed.helpers.js';
import { createServer } from './platform/bootstrap.js';
import { loadConfig } from './platform/config.js';

const portInUse = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  'code' in err &&
  (err as { code: unknown }).code === 'EADDRINUSE';

const main = async () => {
  const started = Date.now();
  const config = loadConfig();
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    // createServer binds the embedded MQTT broker; HTTP listens further down.
    server = await createServer(config);
  } catch (err) {
    if (portInUse(err)) {
      console.error(
        `MQTT port ${config.mqttPort} is in use: set MQTT_PORT to a free port (or MQTT_URL to use an external broker).`,
      );
      process.exit(1);
    }
    throw err;
  }
  const log = server.app.log;
  // The platform pseudo-tenant owns platform announcements; it exists with or without demo data.
  await createTenant(server.platform.database, PLATFORM_TENANT_NAME, { id: 0 });
  const granted = await syncAdminPermissions(server.platform.database);
  if (granted > 0) log.info({ granted }, 'new permission codes granted to tenant administrators');
  if (config.demo) {
    const r = await seedDemo(server.platform.database, demoExtras);
    if (r.seeded) log.info('demo data seeded');
  }
  try {
    await server.app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if (portInUse(err)) {
      console.error(`Port ${config.port} is in use: set PORT to a free port, e.g. PORT=8081 npm start`);
      await server.close();
      process.exit(1);
    }
    throw err;
  }
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Tilth is ready at ${url} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  API docs: ${url}/api-docs`,
    `  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/db`}`,
    `  MQTT: ${config.mqttUrl ?? `embedded broker on port ${server.mqttPort}`}`,
  ];
  if (config.demo) {
    lines.push('  demo logins:');
    for (const d of DEMO_LOGINS) lines.push(`    ${d.username} / ${d.password}  (${d.role})`);
  }
  console.log(lines.join('\n'));
  // The demo tenant's simulated fleet plays in this process over the broker (TILTH_SIMULATOR=0: off).
  const simulator = await startDemoSimulator(server).catch((err: unknown) => {
    log.warn({ err }, 'simulator did not start');
    return undefined;
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await simulator?.stop();
    // Closes HTTP, then the broker (devices keep unacknowledged messages), then the database.
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
};

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

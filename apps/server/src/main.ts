import { createServer } from './app/server.js';
import { seedDemoArticlesLater } from './modules/content/article/index.js';
import { seedDemoInquiriesLater } from './modules/content/inquiry/index.js';
import { seedDemoMediaLater } from './modules/content/media/index.js';
import { DEMO_TENANT_ID } from './modules/demo/demo.devices.js';
import { demoExtras } from './modules/demo/demo.extras.js';
import { demoSimulatorJob } from './modules/demo/demo.jobs.js';
import { DEMO_LOGINS, seedDemo } from './modules/demo/demo.seed.js';
import { createTenant, PLATFORM_TENANT_NAME, syncAdminPermissions } from './modules/demo/seed.helpers.js';
import { seedDemoStillsLater } from './modules/iot/camera/index.js';
import { seedDemoNoticesLater } from './modules/messaging/notice/index.js';
import { seedDemoTracePublicationLater } from './modules/trace/catalog/index.js';
import { seedDemoTraceCodesLater } from './modules/trace/code/index.js';
import { seedDemoPanoramasLater } from './modules/vr/panorama/index.js';
import { seedDemoTourLater } from './modules/vr/tour/index.js';
import { loadConfig } from './platform/config.js';
import {
  SHUTDOWN_FORCED_EXIT_CODE,
  ShutdownSteps,
  startWatchdog,
  WATCHDOG_GRACE_MS,
} from './platform/shutdown.js';

// The banner goes to logs: a broker URL's password must not.
const withoutPassword = (url: string): string => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable MQTT_URL)';
  }
};

const portInUse = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  'code' in err &&
  (err as { code: unknown }).code === 'EADDRINUSE';

/** A shutdown began; startup steps still running stop, and their failures are the shutdown's to end. */
let closing = false;
/** Signals within this of the first are the same stop (a group signal also forwarded by the npm start wrapper). */
const DUPLICATE_SIGNAL_MS = 1_000;

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
  /**
   * Ends in bounded time whatever hangs (issue 10 item 12): the jobs stop (the simulator among them),
   * live streams end, HTTP drains for TILTH_SHUTDOWN_DRAIN_SEC and is then cut, the broker's connections
   * close, the database closes, and the process exits 0. At TILTH_SHUTDOWN_TIMEOUT_SEC it exits anyway with code 124, logging
   * the steps and requests still pending; should even that not happen (a blocked event loop), a watchdog
   * process kills it a few seconds later. A second signal (a second or more later) exits at once (code 124).
   */
  let began = 0;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A signal to the whole process group reaches this process twice under `npm start` (directly and
      // forwarded by scripts/start.mjs): only a second signal a moment later means "now".
      if (Date.now() - began < DUPLICATE_SIGNAL_MS) return;
      log.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(SHUTDOWN_FORCED_EXIT_CODE);
    }
    closing = true;
    const deadlineMs = config.shutdownTimeoutSeconds * 1000;
    began = Date.now();
    log.info({ signal, deadlineSec: config.shutdownTimeoutSeconds }, 'shutting down');
    const watchdog = startWatchdog(deadlineMs + WATCHDOG_GRACE_MS);
    const steps = new ShutdownSteps(log);
    // Not unref'd: if what is pending holds no handle, the process still waits here to say what it was.
    const force = setTimeout(() => {
      log.error(
        { pending: steps.pending(), requests: server.inFlight() },
        'shutdown deadline passed: exiting anyway',
      );
      process.exit(SHUTDOWN_FORCED_EXIT_CODE);
    }, deadlineMs);
    await server.close({ drainMs: config.shutdownDrainSeconds * 1000, step: steps.run });
    clearTimeout(force);
    watchdog.stop();
    log.info({ ms: Date.now() - began }, 'shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // From here on a signal shuts down whatever has started; each step below stops once it did.
  // The platform pseudo-tenant owns platform announcements; it exists with or without demo data.
  await createTenant(server.platform.database, PLATFORM_TENANT_NAME, { id: 0 });
  const granted = await syncAdminPermissions(server.platform.database);
  if (granted > 0) log.info({ granted }, 'new permission codes granted to tenant administrators');
  if (config.demo && !closing) {
    const r = await seedDemo(server.platform.database, demoExtras);
    if (r.seeded) log.info('demo data seeded');
  }
  if (closing) return;
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
    `  MQTT: ${config.mqttUrl ? withoutPassword(config.mqttUrl) : `embedded broker on port ${server.mqttPort}`}`,
  ];
  if (config.demo) {
    lines.push('  demo logins:');
    for (const d of DEMO_LOGINS) lines.push(`    ${d.username} / ${d.password}  (${d.role})`);
  }
  console.log(lines.join('\n'));
  // The demo tenant's simulated fleet plays in this process over the broker (TILTH_SIMULATOR=0: off).
  await server.jobs.start([demoSimulatorJob(server, log)]);
  // A season of seedling stills for the demo cameras (once, in the background): growth time-lapses work at once.
  if (config.demo) seedDemoStillsLater(server.platform, () => log);
  // The announcements admin's demo: tenant-wide with a file, role-scoped, scheduled, draft (issue 19).
  if (config.demo) seedDemoNoticesLater(server.platform, DEMO_TENANT_ID, () => log);
  // The demo panoramas (drawn, then tiled like uploads) for the panorama library and the demo tour.
  if (config.demo) seedDemoPanoramasLater(server.platform, DEMO_TENANT_ID, () => log);
  // The demo VR tour over them (waits for the panoramas, then builds and publishes the tour).
  if (config.demo) seedDemoTourLater(server.platform, DEMO_TENANT_ID, () => log);
  // The demo trace batch published (captures of its plot drawn first): a record, a block, a page that opens.
  if (config.demo) seedDemoTracePublicationLater(server.platform, DEMO_TENANT_ID, () => log);
  // A ready code package of the demo trace batch, with a few scans (one flagged) for trace/record.
  if (config.demo) seedDemoTraceCodesLater(server.platform, DEMO_TENANT_ID, () => log);
  // Article categories and published, scheduled and draft articles (the news page and /system/article).
  if (config.demo) seedDemoArticlesLater(server.platform, DEMO_TENANT_ID, () => log);
  // Demo pictures, banners for every placement and a promo video (issue 19), off the start path.
  if (config.demo) seedDemoMediaLater(server.platform, DEMO_TENANT_ID, () => log);
  // Three expert inquiries (answered and rated, asked back by the pool, open with drawn photos).
  if (config.demo) seedDemoInquiriesLater(server.platform, DEMO_TENANT_ID, () => log);
  // Started while a shutdown was under way: it missed the shutdown's jobs step.
  if (closing) void server.jobs.stop(log);
};

main().catch((err: unknown) => {
  // A startup step that failed because a shutdown closed what it used: the shutdown ends the process.
  if (closing) return;
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

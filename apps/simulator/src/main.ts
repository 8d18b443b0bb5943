import { parseArgs } from 'node:util';
import { fetchFleet } from './api.js';
import { startSimulator } from './simulator.js';

// `npm run simulate -- --api http://localhost:8080 --user demo --password demo1234`: plays the demo
// tenant's simulated devices (serials starting with SIM-) against the server's broker. The server already
// does this in-process on `npm start` unless TILTH_SIMULATOR=0; run this against a server started with
// TILTH_SIMULATOR=0, or a remote one (rotating the secrets here disconnects the in-process copies).

const { values } = parseArgs({
  options: {
    api: { type: 'string', default: process.env.TILTH_API ?? 'http://localhost:8080' },
    user: { type: 'string', default: 'demo' },
    password: { type: 'string', default: 'demo1234' },
    tenant: { type: 'string', default: process.env.TILTH_TENANT ?? '1001' },
    mqtt: { type: 'string' },
    period: { type: 'string', default: '10' },
    seed: { type: 'string' },
    prefix: { type: 'string', default: 'SIM-' },
    'photo-period': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const usage = `Usage: npm run simulate -- [--api URL] [--user NAME] [--password PW] [--tenant ID]
       [--mqtt mqtt://host:port] [--period SECONDS] [--seed N] [--prefix SIM-]
       [--photo-period SECONDS]  (trap photos; default the configured photo interval)`;

const main = async () => {
  if (values.help) {
    console.log(usage);
    return;
  }
  const tenantId = Number(values.tenant);
  const periodSec = Number(values.period);
  if (!Number.isInteger(tenantId) || !(periodSec >= 1)) throw new Error(usage);
  const { devices, broker } = await fetchFleet({
    api: values.api,
    user: values.user,
    password: values.password,
    tenantId,
    euiPrefix: values.prefix,
  });
  if (devices.length === 0) {
    console.log(`simulator: tenant ${tenantId} has no devices with serials starting ${values.prefix}`);
    return;
  }
  // The server names its public host; from this machine 'localhost' reaches a local server.
  const brokerUrl =
    values.mqtt ??
    `mqtt://${broker?.host && broker.host !== '0.0.0.0' ? broker.host : 'localhost'}:${broker?.port ?? 1883}`;
  console.log(
    `simulator: ${devices.length} devices of tenant ${tenantId} → ${brokerUrl}, every ${periodSec} s`,
  );
  const sim = await startSimulator({
    brokerUrl,
    devices,
    periodSec,
    ...(values.seed ? { seed: Number(values.seed) } : {}),
    // Pest stations and forecast lamps upload trap photos to the same server.
    photoApi: values.api,
    ...(values['photo-period'] ? { photoPeriodSec: Number(values['photo-period']) } : {}),
  });
  const stop = async () => {
    await sim.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
};

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

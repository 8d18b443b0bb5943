// `npm run chaos`: failures survived, measured (issue 20 item 3). Starts the cluster (scripts/cluster),
// puts the load on it (device fleet over Mosquitto, farm-log writer through HAProxy), performs three
// faults — (a) SIGKILL a server process, (b) SIGKILL the PostgreSQL primary, (c) restart Mosquitto — and
// prints per fault what was acknowledged, what is stored, what was lost and how long recovery took. Exits
// 1 when anything acknowledged was lost or a recovery took longer than 30 s.
// Settings: CHAOS_DIR (/tmp/tilth-chaos), CHAOS_BASE_PORT (19400), CHAOS_DEVICES (200), CHAOS_PERIOD_MS
// (2000, each device's interval), CHAOS_SETTLE_SEC (10, load between faults).
//   node --import tsx scripts/chaos/index.mjs --attach <http[,http…]> <mqttUrl> <superUrl> [seconds]
// instead puts the load on parts already running, with no fault, and prints the ledger.
import { startCluster } from '../cluster/cluster.mjs';
import { killPrimary, killServer, restartBroker } from './faults.mjs';
import { startLoad } from './load.mjs';
import { sleep } from './writer.mjs';

export const RECOVERY_LIMIT_SEC = 30;

const log = (msg) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** Splits the ledgers by fault (what was acknowledged from one fault's start to the next's). */
export const tabulate = (faults, result) => {
  const rows = [];
  for (const [i, f] of faults.entries()) {
    const end = faults[i + 1]?.t0 ?? Number.POSITIVE_INFINITY;
    const inWindow = (x) => x.at >= f.t0 && x.at < end;
    const ackedR = result.readings.filter(inWindow).length;
    const ackedW = result.writes.filter(inWindow).length;
    const lostR = result.lostReadings.filter(inWindow).length;
    const lostW = result.lostWrites.filter(inWindow).length;
    const rec = Math.max(
      f.recovery.writes ?? Number.POSITIVE_INFINITY,
      f.recovery.readings ?? Number.POSITIVE_INFINITY,
    );
    rows.push({ ...f, ackedR, ackedW, lostR, lostW, rec });
  }
  return rows;
};

const fmt = (s) => (s === undefined || !Number.isFinite(s) ? 'never' : s.toFixed(1));

export const printTable = (rows, result) => {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(
    [
      '',
      line([
        'fault',
        'acked (readings / writes)',
        'stored',
        'lost',
        'recovery s (writes / readings)',
        'backlog stored s',
        'note',
      ]),
      line(['---', '---', '---', '---', '---', '---', '---']),
      ...rows.map((r) =>
        line([
          r.fault,
          `${r.ackedR} / ${r.ackedW}`,
          `${r.ackedR - r.lostR} / ${r.ackedW - r.lostW}`,
          `${r.lostR} / ${r.lostW}`,
          `${fmt(r.rec)} (${fmt(r.recovery.writes)} / ${fmt(r.recovery.readings)})`,
          fmt(r.backlog),
          r.note,
        ]),
      ),
      line([
        'whole run',
        `${result.readings.length} / ${result.writes.length}`,
        `${result.readings.length - result.lostReadings.length} / ${result.writes.length - result.lostWrites.length}`,
        `${result.lostReadings.length} / ${result.lostWrites.length}`,
        '',
        '',
        '',
      ]),
      '',
    ].join('\n'),
  );
  if (result.lostReadings.length > 0)
    console.log(
      'lost readings (device:seq):',
      result.lostReadings
        .slice(0, 10)
        .map((r) => `${r.deviceId}:${r.seq}`)
        .join(' '),
    );
  if (result.lostWrites.length > 0)
    console.log(
      'lost writes (farm log ids):',
      result.lostWrites
        .slice(0, 10)
        .map((w) => w.id)
        .join(' '),
    );
};

const chaos = async () => {
  const settle = Number(process.env.CHAOS_SETTLE_SEC ?? 10) * 1000;
  const cluster = await startCluster({
    dir: process.env.CHAOS_DIR || '/tmp/tilth-chaos',
    servers: 2,
    basePort: Number(process.env.CHAOS_BASE_PORT ?? 19400),
    log: (m) => log(`cluster: ${m}`),
  });
  const stopAll = () => cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  try {
    const load = await startLoad({
      httpUrls: [cluster.httpUrl],
      mqttUrl: cluster.mqttUrl,
      superUrl: cluster.pg.superUrl,
      devices: Number(process.env.CHAOS_DEVICES ?? 200),
      periodMs: Number(process.env.CHAOS_PERIOD_MS ?? 2000),
      log,
    });
    await sleep(settle);
    const faults = [];
    faults.push(await killServer(cluster, load, log));
    await sleep(settle);
    faults.push(await killPrimary(cluster, load, log));
    await sleep(settle);
    faults.push(await restartBroker(cluster, load, log));
    await sleep(settle);
    log('stopping the load, waiting for the backlog, checking the ledgers');
    const result = await load.finish();
    const rows = tabulate(faults, result);
    printTable(rows, result);
    const lost = result.lostReadings.length + result.lostWrites.length;
    const slow = rows.filter((r) => !(r.rec <= RECOVERY_LIMIT_SEC));
    log(
      `published ${load.fleet.published} readings (${load.fleet.errors} publish errors); ${load.writer.attempts} write attempts, ${load.writer.retries} retried, ${load.writer.failed} given up`,
    );
    if (lost > 0) log(`FAILED: ${lost} acknowledged items lost`);
    if (slow.length > 0)
      log(`FAILED: recovery over ${RECOVERY_LIMIT_SEC} s in ${slow.map((r) => r.fault).join(', ')}`);
    return lost === 0 && slow.length === 0;
  } finally {
    await cluster.stop();
  }
};

const attach = async ([http, mqttUrl, superUrl, seconds = '20']) => {
  if (!http || !mqttUrl || !superUrl)
    throw new Error('--attach <http[,http…]> <mqttUrl> <superUrl> [seconds]');
  const load = await startLoad({ httpUrls: http.split(','), mqttUrl, superUrl, log });
  const t0 = Date.now();
  await sleep(Number(seconds) * 1000);
  const result = await load.finish();
  const rows = tabulate(
    [{ fault: 'none (attach)', t0, recovery: { writes: 0, readings: 0 }, backlog: 0, note: '' }],
    {
      ...result,
      readings: result.readings.map((r) => ({ ...r, at: Math.max(r.at, t0) })),
      writes: result.writes.map((w) => ({ ...w, at: Math.max(w.at, t0) })),
    },
  );
  printTable(rows, result);
  return result.lostReadings.length + result.lostWrites.length === 0;
};

if (process.argv[1] === import.meta.filename) {
  const args = process.argv.slice(2);
  const ok = args[0] === '--attach' ? await attach(args.slice(1)) : await chaos();
  process.exit(ok ? 0 : 1);
}

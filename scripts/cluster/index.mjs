// `npm run cluster` [start] | stop | status — the whole stack on this machine (docs/scaling.md).
// Settings: CLUSTER_DIR (default /tmp/tilth-cluster), CLUSTER_SERVERS (2), CLUSTER_BASE_PORT (19300).
import { clusterStatus, DEFAULT_BASE_PORT, DEFAULT_DIR, startCluster, stopFromPids } from './cluster.mjs';

const dir = process.env.CLUSTER_DIR || DEFAULT_DIR;
const servers = Number(process.env.CLUSTER_SERVERS ?? 2);
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? DEFAULT_BASE_PORT);
const log = (msg) => console.log(`[cluster] ${msg}`);
const command = process.argv[2] ?? 'start';

if (!Number.isInteger(servers) || servers < 0) throw new Error(`CLUSTER_SERVERS must be a whole number`);

const printStatus = async () => {
  const st = await clusterStatus(dir);
  if (!st.parts) {
    console.log(`no cluster in ${dir}`);
    return;
  }
  console.log(`cluster in ${dir}: ${st.running ? 'running' : 'stopped'}`);
  console.log(`  http (HAProxy)   ${st.httpUrl}   stats http://127.0.0.1:${st.ports.stats}/`);
  console.log(`  mqtt             ${st.mqttUrl}`);
  console.log(
    `  postgres primary 127.0.0.1:${st.ports.pgPrimary}  replica 127.0.0.1:${st.ports.pgReplica}  pgbouncer 127.0.0.1:${st.ports.bouncer}`,
  );
  console.log(`  s3               ${st.s3.endpoint} bucket ${st.s3.bucket}`);
  for (const [name, p] of Object.entries(st.parts)) {
    const extra = [
      p.port ? `port ${p.port}` : '',
      p.role ? `role ${p.role}` : '',
      p.health !== undefined ? `health ${p.health || 'no answer'}` : '',
    ].filter(Boolean);
    console.log(`  ${name.padEnd(10)} ${p.alive ? `pid ${p.pid}` : 'not running'}  ${extra.join('  ')}`);
  }
};

if (command === 'stop') {
  await stopFromPids(dir, log);
  log('stopped');
} else if (command === 'status') {
  await printStatus();
} else if (command === 'start') {
  const cluster = await startCluster({ dir, servers, basePort, log });
  await printStatus();
  log(`ready: ${cluster.httpUrl} (Ctrl-C or npm run cluster -- stop ends it; logs in ${dir}/logs)`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    await cluster.stop();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Stay up until told (a stop from another shell leaves this waiting on nothing: exit then too).
  setInterval(async () => {
    const st = await clusterStatus(dir);
    if (!st.running && !stopping) process.exit(0);
  }, 5000);
} else {
  console.error('usage: npm run cluster [-- start|stop|status]');
  process.exit(2);
}

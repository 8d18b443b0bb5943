// The three faults of the chaos run, each on a cluster from scripts/cluster/cluster.mjs under the load of
// load.mjs. Each answers when it began and how long recovery took: writes (three fresh writes in a row
// through the balancer succeed at the first attempt) and readings (a reading published after the fault
// is stored), and when the backlog (every reading acknowledged before the fault) was all stored.
import { verify } from './verify.mjs';
import { sleep } from './writer.mjs';

const since = (t0, t) => (t === undefined ? undefined : (t - t0) / 1000);

/** One write through the balancer, no retry; a 2xx joins the writer's ledger (it must be stored too). */
const probeWrite = async (cluster, load, n) => {
  try {
    const res = await fetch(`${cluster.httpUrl}/wfpf/v1/${load.tenantId}/log`, {
      method: 'POST',
      headers: { authorization: `Bearer ${load.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `chaos probe ${n}` }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return false;
    const id = Number((await res.json()).logId);
    load.writer.acked.push({ id, title: `chaos probe ${n}`, at: Date.now() });
    return true;
  } catch {
    return false;
  }
};

/** Waits (bounded) until writes and readings work again after t0; answers seconds from t0 for each. */
export const measureRecovery = async (cluster, load, t0, maxMs = 90_000) => {
  let writesAt;
  let readingsAt;
  let streak = 0;
  let n = 0;
  while ((writesAt === undefined || readingsAt === undefined) && Date.now() - t0 < maxMs) {
    if (writesAt === undefined) {
      streak = (await probeWrite(cluster, load, ++n)) ? streak + 1 : 0;
      if (streak >= 3) writesAt = Date.now();
    }
    if (readingsAt === undefined) {
      const s = await load.stored().catch(() => undefined);
      // A reading stamped a second after the fault was published after it, and is stored.
      if (s && s.newest > t0 + 1000) readingsAt = Date.now();
    }
    await sleep(200);
  }
  return { writes: since(t0, writesAt), readings: since(t0, readingsAt) };
};

/** Waits (bounded) until every reading acknowledged before t0 is stored; answers seconds from t0. */
export const measureBacklog = async (superUrl, load, t0, maxMs = 90_000) => {
  for (;;) {
    const readings = load.fleet.ledger().filter((r) => r.at < t0);
    const lost = await verify(superUrl, { tenantId: load.tenantId, readings, writes: [] }).catch(
      () => undefined,
    );
    if (lost && lost.lostReadings.length === 0) return since(t0, Date.now());
    if (Date.now() - t0 > maxMs) return undefined;
    await sleep(1000);
  }
};

/** (a) SIGKILL one server process; the balancer and the other process carry on; it is started again. */
export const killServer = async (cluster, load, log, name = 'server1') => {
  const t0 = Date.now();
  cluster.kill(name, 'SIGKILL');
  log(`(a) ${name} killed (SIGKILL)`);
  const recovery = await measureRecovery(cluster, load, t0);
  log(
    `(a) writes back after ${recovery.writes} s, readings after ${recovery.readings} s; restarting ${name}`,
  );
  cluster.start(name);
  await cluster.waitHealthy(name, 180_000);
  const rejoined = since(t0, Date.now());
  const backlog = await measureBacklog(cluster.pg.superUrl, load, t0);
  return {
    fault: `kill ${name} (SIGKILL)`,
    t0,
    recovery,
    backlog,
    note: `${name} healthy again after ${rejoined} s`,
  };
};

/** (b) SIGKILL the PostgreSQL primary (Patroni and postgres); the replica is promoted; the old one rejoins. */
export const killPrimary = async (cluster, load, log, { rejoin = true } = {}) => {
  const old = await cluster.primaryNode();
  const t0 = Date.now();
  cluster.kill(old, 'SIGKILL');
  log(`(b) primary ${old} killed (SIGKILL to Patroni and postgres)`);
  let promoted;
  const promotion = cluster.primaryNode(90_000).then(
    (n) => {
      promoted = { node: n, at: since(t0, Date.now()) };
    },
    () => undefined,
  );
  const recovery = await measureRecovery(cluster, load, t0);
  await promotion;
  log(
    `(b) ${promoted?.node ?? 'no node'} primary after ${promoted?.at} s; writes back after ${recovery.writes} s`,
  );
  let rejoined;
  if (rejoin) {
    cluster.start(old);
    await cluster.waitHealthy(old, 180_000);
    rejoined = since(t0, Date.now());
  }
  const backlog = await measureBacklog(cluster.pg.superUrl, load, t0);
  const back = rejoin ? `; ${old} back as replica after ${rejoined} s` : '';
  return {
    fault: `kill primary ${old} (SIGKILL)`,
    t0,
    recovery,
    backlog,
    note: `${promoted?.node ?? 'none'} promoted after ${promoted?.at} s${back}`,
  };
};

/** (c) Restart Mosquitto (SIGTERM, which saves its persistence file, then start). */
export const restartBroker = async (cluster, load, log) => {
  const before = await load.stored();
  const queued = Math.max(0, load.fleet.acked - before.n);
  const t0 = Date.now();
  cluster.kill('mosquitto', 'SIGTERM');
  const proc = cluster.procs.get('mosquitto');
  while (proc && proc.exitCode === null && proc.signalCode === null && Date.now() - t0 < 15_000)
    await sleep(50);
  cluster.start('mosquitto');
  await cluster.waitHealthy('mosquitto', 30_000);
  const down = since(t0, Date.now());
  log(`(c) mosquitto restarted (down ${down} s, ${queued} acknowledged readings not yet stored at the stop)`);
  const recovery = await measureRecovery(cluster, load, t0);
  const backlog = await measureBacklog(cluster.pg.superUrl, load, t0);
  return {
    fault: 'restart mosquitto (SIGTERM)',
    t0,
    recovery,
    backlog,
    note: `down ${down} s; ${queued} acknowledged, not yet stored at the stop`,
  };
};

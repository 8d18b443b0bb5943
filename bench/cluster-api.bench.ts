// bench:api's platform route through the cluster's HAProxy with one and with two server processes:
// GET /wfpf/v2/{t}/area?page=0&size=20 as the demo administrator. One cluster (npm run cluster's API) with
// two servers; runs alternate two servers / one (server2 stopped gracefully, so HAProxy takes it out) and
// the median of each is printed. Usage: npm run bench:cluster (as root; BENCH_SECONDS, BENCH_CONNECTIONS,
// BENCH_ROUNDS, CLUSTER_DIR, CLUSTER_BASE_PORT as for npm run cluster).
import { constants, publicEncrypt } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { DEMO_TENANT_ID } from '../apps/server/src/modules/demo/demo.devices.js';
import { startCluster } from '../scripts/cluster/cluster.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Run {
  title: string;
  rps: number;
  p99: number;
  load: number;
}

const run = async (title: string, url: string, headers: Record<string, string>): Promise<Run> => {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { title, rps: r.requests.average, p99: r.latency.p99, load: loadavg()[0] ?? 0 };
};

const signIn = async (httpUrl: string): Promise<string> => {
  const { publicKey: pem } = (await (await fetch(`${httpUrl}/oauth/public/key`)).json()) as {
    publicKey: string;
  };
  const password = publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('demo1234'),
  ).toString('base64');
  const res = await fetch(`${httpUrl}/oauth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'demo', password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
};

const main = async () => {
  const cluster = await startCluster({
    dir: process.env.CLUSTER_DIR ?? '/tmp/tilth-cluster-bench',
    servers: 2,
    basePort: Number(process.env.CLUSTER_BASE_PORT ?? 19300),
    log: (m: string) => console.log(`[cluster] ${m}`),
  });
  try {
    const token = await signIn(cluster.httpUrl);
    const url = `${cluster.httpUrl}/wfpf/v2/${DEMO_TENANT_ID}/area?page=0&size=20`;
    const headers = { authorization: `Bearer ${token}` };
    const two: Run[] = [];
    const one: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      two.push(await run('2 server processes', url, headers));
      // A graceful stop: /health answers 503 at once and HAProxy takes the process out before it closes.
      cluster.kill('server2', 'SIGTERM');
      await new Promise((r) => cluster.procs.get('server2')?.once('exit', r));
      one.push(await run('1 server process', url, headers));
      cluster.start('server2');
      await cluster.waitHealthy('server2', 180_000);
      // HAProxy's check (1 s, rise 1) takes it back.
      await new Promise((r) => setTimeout(r, 3000));
    }
    const median = (rs: Run[]) => [...rs].sort((x, y) => x.rps - y.rps)[Math.floor(rs.length / 2)] as Run;
    console.log(`\nGET /wfpf/v2/{t}/area?page=0&size=20 through HAProxy, PgBouncer, Patroni's primary`);
    console.log(
      `(${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION} s runs, Node ${process.version})`,
    );
    console.log('| servers | req/s | p99 ms | load average (1 min) at the end |');
    console.log('|---|---|---|---|');
    for (const r of [median(one), median(two)]) {
      console.log(`| ${r.title} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.load.toFixed(1)} |`);
    }
    console.log('all runs:', JSON.stringify({ one, two }));
  } finally {
    await cluster.stop();
  }
};

await main();

// `npm run chaos`: failures survived, measured (issue 20 item 3).
//   node --import tsx scripts/chaos/index.mjs --attach <http[,http…]> <mqttUrl> <superUrl> [seconds]
// puts the load on parts already running (no faults) and prints the ledger: a check of the load itself.
import { startLoad } from './load.mjs';
import { sleep } from './writer.mjs';

const attach = async ([http, mqttUrl, superUrl, seconds = '20']) => {
  if (!http || !mqttUrl || !superUrl)
    throw new Error('--attach <http[,http…]> <mqttUrl> <superUrl> [seconds]');
  const load = await startLoad({ httpUrls: http.split(','), mqttUrl, superUrl });
  await sleep(Number(seconds) * 1000);
  const r = await load.finish();
  console.log(JSON.stringify(r, null, 2));
  return r.readings.lost + r.writes.lost === 0;
};

const args = process.argv.slice(2);
if (args[0] === '--attach') {
  const ok = await attach(args.slice(1));
  process.exit(ok ? 0 : 1);
}

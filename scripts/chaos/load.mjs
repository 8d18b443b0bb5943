// The load of a chaos run and its ledger: the device fleet and the document writer started together on a
// prepared tenant, and at the end the verifier's account of what was acknowledged and what is stored.
import { Fleet } from './fleet.mjs';
import { prepareRun } from './setup.mjs';
import { storedReadings, verify } from './verify.mjs';
import { sleep, Writer } from './writer.mjs';

/**
 * @param {{ httpUrls: string[], mqttUrl: string, superUrl: string, devices?: number, periodMs?: number,
 *   writers?: number, log?: (msg: string) => void }} o
 */
export const startLoad = async (o) => {
  const log = o.log ?? console.log;
  const runId = Date.now().toString(36).slice(-6);
  const prep = await prepareRun({
    superUrl: o.superUrl,
    httpUrl: o.httpUrls[0],
    runId,
    devices: o.devices ?? 100,
  });
  log(`tenant ${prep.tenantId}: ${prep.devices.length} devices registered`);
  const fleet = new Fleet({ url: o.mqttUrl, devices: prep.devices, periodMs: o.periodMs, log });
  await fleet.connect();
  fleet.start();
  const writer = new Writer({
    urls: o.httpUrls,
    token: prep.token,
    tenantId: prep.tenantId,
    runId,
    concurrency: o.writers ?? 2,
    pauseMs: 50,
    log,
  });
  writer.start();
  const stored = () => storedReadings(o.superUrl, prep.tenantId);
  return {
    tenantId: prep.tenantId,
    token: prep.token,
    fleet,
    writer,
    stored,
    /**
     * Stops the load, waits until every acknowledged reading is stored or nothing moved for 5 s (what is
     * missing then is lost; bounded by drainMs), and checks both ledgers against the database.
     */
    finish: async (drainMs = 60_000) => {
      await Promise.all([fleet.stop(), writer.stop()]);
      const until = Date.now() + drainMs;
      let last = -1;
      let still = 0;
      for (;;) {
        const n = (await stored().catch(() => ({ n: last }))).n;
        if (n >= fleet.acked || Date.now() > until) break;
        still = n === last ? still + 1 : 0;
        if (still >= 10) break;
        last = n;
        await sleep(500);
      }
      const readings = fleet.ledger();
      const writes = writer.acked;
      const lost = await verify(o.superUrl, { tenantId: prep.tenantId, readings, writes });
      await fleet.close();
      return { readings, writes, ...lost };
    },
  };
};

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
  return {
    tenantId: prep.tenantId,
    fleet,
    writer,
    /** Stops the load, waits until the stored readings stop growing (bounded), and checks the ledgers. */
    finish: async (drainMs = 60_000) => {
      await Promise.all([fleet.stop(), writer.stop()]);
      const until = Date.now() + drainMs;
      let last = -1;
      let still = 0;
      // Done when everything acknowledged is stored, or nothing moved for 5 s (what is missing is lost).
      for (;;) {
        const n = await storedReadings(o.superUrl, prep.tenantId).catch(() => last);
        if (n >= fleet.acked || Date.now() > until) break;
        still = n === last ? still + 1 : 0;
        if (still >= 10) break;
        last = n;
        await sleep(500);
      }
      const result = await verify(o.superUrl, {
        tenantId: prep.tenantId,
        readings: fleet.ledger(),
        writes: writer.acked,
      });
      await fleet.close();
      return {
        ...result,
        published: fleet.published,
        publishErrors: fleet.errors,
        writeAttempts: writer.attempts,
        writeRetries: writer.retries,
        writesFailed: writer.failed,
      };
    },
  };
};

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../../../../platform/iot/events.js';
import { HookRegistry } from '../../../../platform/iot/hooks.js';
import { Ingest } from '../../../../platform/iot/ingest.js';
import { IngestCounters } from '../../../../platform/iot/ingest-counters.js';
import type { TelemetrySink } from '../../../../platform/iot/ports.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { registerDevice } from '../../../../test/iot.js';
import { TelemetryIngest } from '../telemetry.ingest.js';

// Ingest's batches against the real database (PGlite, or PostgreSQL with DATABASE_URL): a batch whose
// transaction fails acknowledges none of its messages (the broker then sends no PUBACK, and the device
// sends them again), the redelivery is stored once, and a copy arriving in a later batch is a duplicate.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { iot: { sweepEveryMs: 0 } });
});

afterAll(async () => {
  await server?.close();
});

const payload = (seq: number, ts: number, airTemp: number) =>
  Buffer.from(JSON.stringify({ ts, seq, values: { airTemp } }));

describe('ingest batches', () => {
  it('acknowledges nothing of a failed batch; the redelivery stores each message once', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const device = { tenantId: tenantA, deviceId: d.id, typeKey: d.typeKey, eui: d.eui };
    const real = new TelemetryIngest(server.platform.database);
    let failNext = 0;
    const sink: Pick<TelemetrySink, 'store'> = {
      store: async (tx, tenantId, batch, at) => {
        const out = await real.store(tx, tenantId, batch, at);
        // After the statements ran: the transaction must roll all of them back.
        if (failNext > 0) {
          failNext--;
          throw new Error('database went away');
        }
        return out;
      },
    };
    const hooks = new HookRegistry({ error: () => undefined });
    const readings: number[] = [];
    hooks.onReadings(async (r) => {
      readings.push(...r.map((x) => x.values.airTemp ?? Number.NaN));
    });
    const ingest = new Ingest(
      server.platform.database,
      new EventHub(),
      hooks,
      new IngestCounters(real),
      sink,
    );
    const ts = Date.now() - 60_000;
    const count = async () =>
      server.platform.database.withTenant(tenantA, async (tx) => {
        const r = (await tx.execute(
          sql`select count(*)::text as n from telemetry where device_id = ${d.id}`,
        )) as unknown as { rows: { n: string }[] };
        return Number(r.rows[0]?.n);
      });

    // Two messages in one batch, whose transaction fails (and, retried one by one, fails again).
    failNext = 3;
    const first = await Promise.allSettled([
      ingest.submit({ device, kind: 'up', payload: payload(1, ts, 20) }),
      ingest.submit({ device, kind: 'up', payload: payload(2, ts + 1000, 21) }),
    ]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await count()).toBe(0);
    expect(readings).toEqual([]);

    // The device sends both again (no PUBACK came): stored once each, hooks see each once.
    await Promise.all([
      ingest.submit({ device, kind: 'up', payload: payload(1, ts, 20) }),
      ingest.submit({ device, kind: 'up', payload: payload(2, ts + 1000, 21) }),
    ]);
    expect(await count()).toBe(2);
    // A late copy in a later batch (a redelivery after a lost PUBACK) is a duplicate: acknowledged, not stored.
    await ingest.submit({ device, kind: 'up', payload: payload(2, ts + 1000, 21) });
    await ingest.idle();
    await hooks.drain();
    expect(await count()).toBe(2);
    expect(readings).toEqual([20, 21]);
  });
});

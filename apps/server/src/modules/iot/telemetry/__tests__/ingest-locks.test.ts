import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotPorts } from '../../../../app/server.js';
import type { Db } from '../../../../platform/db/client.js';
import type { IngestItem } from '../../../../platform/iot/ports.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { holdTransaction } from '../../../../test/held-transaction.js';
import { registerDevice } from '../../../../test/iot.js';
import { type IngestLock, lockDevicesForIngest } from '../telemetry.repository.js';

// Ingest batches of several server processes (ADR 0022, "Ingest batches"): a batch writes its readings
// under key-share locks, so another batch holding the same devices for its own readings does not hold it
// up; it moves device state under no-key-update locks, so batches moving the same devices take turns and a
// disable in flight is waited for. PostgreSQL only: PGlite has one connection, so no second transaction.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { iot: { sweepEveryMs: 0 } });
});
afterAll(async () => {
  await server?.close();
});

const noop = { resolve: () => undefined, reject: () => undefined };
let seq = 1;
const reading = (d: { id: number; typeKey: string; eui: string }, tenantId: number): IngestItem => ({
  kind: 'up',
  device: { tenantId, deviceId: d.id, typeKey: d.typeKey, eui: d.eui },
  row: { deviceId: d.id, seq: seq++, ts: Date.now(), values: { temperature: 20 + seq / 10 } },
  done: noop,
});

const holding = (tenantId: number, take: (tx: Db) => Promise<unknown>) =>
  holdTransaction(server.platform.database, tenantId, take);
const holdDevices = (tenantId: number, ids: number[], lock: IngestLock) =>
  holding(tenantId, (tx) => lockDevicesForIngest(tx, tenantId, ids, lock));

const settledWithin = async <T>(p: Promise<T>, ms: number): Promise<boolean> =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

const storedSeqs = async (tenantId: number, deviceId: number): Promise<number[]> => {
  const res = await server.platform.database.withTenant(tenantId, (tx) =>
    tx.execute(sql`select seq::int as s from telemetry where device_id = ${deviceId} order by seq`),
  );
  return (res as unknown as { rows: { s: number }[] }).rows.map((r) => r.s);
};

describe.runIf(process.env.DATABASE_URL)('ingest batches of several processes on PostgreSQL', () => {
  const store = (tenantId: number, items: IngestItem[]) =>
    server.platform.database.withTenant(tenantId, (tx) =>
      iotPorts(server.platform.database).telemetry.store(tx, tenantId, items, new Date()),
    );

  it('stores a whole batch while another batch holds the same devices for its readings', async () => {
    const t = server.fixtures.tenantA;
    const d = await registerDevice(server, t, { typeKey: 'weather-station' });
    const other = await holdDevices(t, [d.id], 'key share');
    try {
      const item = reading(d, t);
      const outcome = store(t, [item]);
      expect(await settledWithin(outcome, 10_000)).toBe(true);
      expect((await outcome).refused.size).toBe(0);
      expect(await storedSeqs(t, d.id)).toEqual([item.kind === 'up' ? item.row.seq : -1]);
    } finally {
      other.release();
      await other.done;
    }
  });

  it('waits for a batch that is moving the same devices, then stores', async () => {
    const t = server.fixtures.tenantA;
    const d = await registerDevice(server, t, { typeKey: 'weather-station' });
    const other = await holdDevices(t, [d.id], 'no key update');
    const outcome = store(t, [reading(d, t)]);
    expect(await settledWithin(outcome, 400)).toBe(false);
    other.release();
    await other.done;
    expect((await outcome).refused.size).toBe(0);
    expect(await storedSeqs(t, d.id)).toHaveLength(1);
  });

  it('takes back a reading whose device was disabled while the batch wrote it', async () => {
    const t = server.fixtures.tenantA;
    const d = await registerDevice(server, t, { typeKey: 'weather-station' });
    // The disable is in flight: it holds the row (no key update) until it commits.
    const disable = await holding(t, (tx) =>
      tx.execute(sql`update devices set enabled_flag = 0 where id = ${d.id}`),
    );
    const item = reading(d, t);
    const outcome = store(t, [item]);
    // The reading is written meanwhile (key share does not wait for the disable); then the batch waits.
    expect(await settledWithin(outcome, 400)).toBe(false);
    disable.release();
    await disable.done;
    const { refused, readings } = await outcome;
    expect(refused.has(item)).toBe(true);
    expect(readings).toEqual([]);
    expect(await storedSeqs(t, d.id)).toEqual([]);
  });
});

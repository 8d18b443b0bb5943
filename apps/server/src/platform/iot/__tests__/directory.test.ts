import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotPorts } from '../../../app/server.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { holdTransaction } from '../../../test/held-transaction.js';
import { registerDevice } from '../../../test/iot.js';
import { DeviceDirectory } from '../directory.js';
import type { DeviceLookup } from '../ports.js';

// The device directory under a burst (the external link keeps hundreds of messages in flight): the
// messages of one device that miss the cache together share one database read, get their answers in
// arrival order, and a change announced during that read (forget) makes it read again.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { iot: { sweepEveryMs: 0 } });
});

afterAll(async () => {
  await server?.close();
});

/** The real lookup, counting its reads; `during` runs when the first read has its (now stale) row. */
const counted = (during?: () => void) => {
  const real = iotPorts(server.platform.database).devices;
  const reads = { n: 0 };
  const devices: DeviceLookup = {
    ...real,
    findCredential: async (tx, a, lock) => {
      reads.n++;
      const row = await real.findCredential(tx, a, lock);
      if (reads.n === 1) during?.();
      return row;
    },
  };
  return { devices, reads };
};

describe('device directory', () => {
  it('200 lookups of one device at once read the database once, and answer in arrival order', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const { devices, reads } = counted();
    const dir = new DeviceDirectory(server.platform.database, devices);
    const order: number[] = [];
    const address = { tenantId: tenantA, typeKey: d.typeKey, eui: d.eui };
    const all = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        dir.lookup(address).then((e) => {
          order.push(i);
          return e;
        }),
      ),
    );
    expect(reads.n).toBe(1);
    expect(new Set(all.map((e) => e?.deviceId))).toEqual(new Set([d.id]));
    expect(order).toEqual(Array.from({ length: 200 }, (_, i) => i));
    // Cached now: no further read.
    await dir.lookup(address);
    expect(reads.n).toBe(1);
  });

  it('a forget() while the shared read is on its way makes it read again for every waiting lookup', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    let dir: DeviceDirectory | undefined;
    const { devices, reads } = counted(() => dir?.forget(tenantA, d.id));
    dir = new DeviceDirectory(server.platform.database, devices);
    const address = { tenantId: tenantA, typeKey: d.typeKey, eui: d.eui };
    const all = await Promise.all(Array.from({ length: 20 }, () => dir.lookup(address)));
    // The first answer may predate the change the forget() announced: nobody gets it.
    expect(reads.n).toBe(2);
    expect(all.every((e) => e?.deviceId === d.id)).toBe(true);
  });

  // PGlite has one connection: a second transaction cannot hold a row meanwhile.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'an ingest lookup does not wait for a device row another transaction holds; a login lookup does',
    async () => {
      const { tenantA } = server.fixtures;
      const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
      const address = { tenantId: tenantA, typeKey: d.typeKey, eui: d.eui };
      const devices = iotPorts(server.platform.database).devices;
      // Another process's ingest batch: the device row locked until its commit.
      const batch = await holdTransaction(server.platform.database, tenantA, (tx) =>
        tx.execute(sql`select id from devices where id = ${d.id} for update`),
      );
      const ingest = await new DeviceDirectory(server.platform.database, devices).lookup(address, 'ingest');
      expect(ingest?.deviceId).toBe(d.id);
      let loggedIn = false;
      const login = new DeviceDirectory(server.platform.database, devices).lookup(address).then((e) => {
        loggedIn = true;
        return e;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(loggedIn).toBe(false);
      batch.release();
      await batch.done;
      expect((await login)?.deviceId).toBe(d.id);
    },
  );
});

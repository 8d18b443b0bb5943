import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import pino from 'pino';
import type { Db } from '../../../../platform/db/client.js';
import type { Ctx } from '../../../../platform/http/context.js';
import type { TestServer } from '../../../../test/harness.js';
import { traceBatches, traceProducts } from '../../catalog/catalog.tables.js';
import { traceCodePackages, traceCodes } from '../code.tables.js';

// Catalogue rows the code tests stand on (trace/catalog owns them; written here directly).

/** The ctx of a signed-out request of the public page's route: a tenant, nobody signed in. */
export const publicCtx = (db: Db, tenantId: number): Ctx => ({
  user: null,
  tenantId,
  lang: 'en-US',
  timeZone: DEFAULT_TIME_ZONE,
  db,
  permissions: new Set(),
  log: pino({ level: 'silent' }),
  transact: (fn) => fn(db),
});

let n = 0;

/** A trace product (with or without GTIN) and one batch of it in `status`. */
export const traceBatch = (
  s: TestServer,
  tenantId: number,
  opts: { gtin?: string | null; status?: string; lot?: string; name?: string } = {},
): Promise<number> =>
  s.platform.database.withTenant(tenantId, async (tx) => {
    n += 1;
    const [p] = await tx
      .insert(traceProducts)
      .values({
        tenantId,
        productName: opts.name ?? `西湖龙井 ${tenantId}-${n}`,
        gtin: opts.gtin ?? null,
        placeOfOrigin: '杭州',
      })
      .returning({ id: traceProducts.id });
    const [b] = await tx
      .insert(traceBatches)
      .values({
        tenantId,
        traceProductId: p?.id ?? 0,
        batchCode: opts.lot ?? `LOT${tenantId}-${n}`,
        productionDate: '2026-04-01',
        status: opts.status ?? 'published',
      })
      .returning({ id: traceBatches.id });
    return b?.id ?? 0;
  });

/** A ready package of the given serials, written directly (scan tests need no job). */
export const codesOf = (s: TestServer, tenantId: number, traceBatchId: number, serials: string[]) =>
  s.platform.database.withTenant(tenantId, async (tx) => {
    n += 1;
    const [p] = await tx
      .insert(traceCodePackages)
      .values({
        tenantId,
        packageCode: `PKG-T${n}`,
        traceBatchId,
        quantity: serials.length,
        codeScheme: 'tenant',
        status: 'ready',
        progress: 100,
      })
      .returning({ id: traceCodePackages.id });
    await tx
      .insert(traceCodes)
      .values(
        serials.map((serial, i) => ({ tenantId, serial, packageId: p?.id ?? 0, traceBatchId, seq: i + 1 })),
      );
    return p?.id ?? 0;
  });

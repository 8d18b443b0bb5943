import type { TracePublicRecord } from '@tilth/contracts/trace.types';
import { traceBatches, traceProducts, traceRecords } from '../../modules/trace/catalog/index.js';
import { traceCodePackages, traceCodes } from '../../modules/trace/code/code.tables.js';
import type { Database } from '../../platform/db/client.js';

/** A published trace batch of `tenantId` whose record lists `imageUrls` as its pictures, with one code. */
export interface TraceRows {
  serial: string;
  lot: string;
  version: number;
}

/**
 * Writes a published trace batch straight into the tables (publishing itself is trace-public.test.ts's), its
 * record showing the given pictures, so the public image routes can be probed with every stored file.
 */
export const insertTraceRows = (
  database: Database,
  tenantId: number,
  name: string,
  imageUrls: string[],
): Promise<TraceRows> =>
  database.withTenant(tenantId, async (tx) => {
    const lot = `LOT${name.replace(/\W/g, '').slice(0, 10)}`;
    const [p] = await tx
      .insert(traceProducts)
      .values({ tenantId, productName: `${name} product`, placeOfOrigin: 'x' })
      .returning();
    const [b] = await tx
      .insert(traceBatches)
      .values({
        tenantId,
        traceProductId: p?.id ?? 0,
        batchCode: lot,
        productionDate: '2026-06-01',
        status: 'published',
        version: 1,
        publishedAt: new Date(),
      })
      .returning();
    const traceBatchId = b?.id ?? 0;
    const record: TracePublicRecord = {
      schema: 1,
      tenantId,
      traceBatchId,
      version: 1,
      publishedAt: new Date().toISOString(),
      product: {
        name: `${name} product`,
        weightUnit: 'kg',
        plantingStandard: 'normal',
        certificates: [],
      },
      batch: { batchCode: lot, placeOfOrigin: 'x', productionDate: '2026-06-01', harvests: [] },
      business: null,
      places: [],
      season: [],
      inspections: [],
      footprint: null,
      outlets: [],
      images: imageUrls.map((url) => ({ url })),
    };
    await tx
      .insert(traceRecords)
      .values({ tenantId, traceBatchId, version: 1, record, recordHash: '0'.repeat(64) });
    const [pkg] = await tx
      .insert(traceCodePackages)
      .values({
        tenantId,
        packageCode: lot,
        traceBatchId,
        quantity: 1,
        codeScheme: 'tenant',
        status: 'ready',
      })
      .returning();
    const serial = `${lot.slice(0, 8)}SER234`;
    await tx.insert(traceCodes).values({ tenantId, serial, packageId: pkg?.id ?? 0, traceBatchId, seq: 1 });
    return { serial, lot, version: 1 };
  });

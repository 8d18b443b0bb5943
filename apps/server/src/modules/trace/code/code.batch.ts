import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { traceBatches, traceBusinessProfiles, traceProducts } from '../catalog/catalog.tables.js';

// Local stand-in for trace/catalog's findTraceBatchForCodes until that branch is merged (same shape).

export interface TraceBatchForCodes {
  traceBatchId: number;
  productName: string;
  gtin: string | null;
  batchCode: string;
  status: 'draft' | 'published' | 'withdrawn';
  codePrefix: string | null;
}

export const findTraceBatchForCodes = async (
  ctx: { db: Db; tenantId: number | null },
  id: number,
): Promise<TraceBatchForCodes | undefined> => {
  const tenantId = ctx.tenantId ?? -1;
  const [r] = await ctx.db
    .select({
      traceBatchId: traceBatches.id,
      productName: traceProducts.productName,
      gtin: traceProducts.gtin,
      batchCode: traceBatches.batchCode,
      status: traceBatches.status,
    })
    .from(traceBatches)
    .innerJoin(
      traceProducts,
      and(
        eq(traceProducts.tenantId, traceBatches.tenantId),
        eq(traceProducts.id, traceBatches.traceProductId),
      ),
    )
    .where(and(eq(traceBatches.tenantId, tenantId), eq(traceBatches.id, id)));
  if (!r) return undefined;
  const [p] = await ctx.db
    .select({ codePrefix: traceBusinessProfiles.codePrefix })
    .from(traceBusinessProfiles)
    .where(eq(traceBusinessProfiles.tenantId, tenantId));
  return { ...r, status: r.status as TraceBatchForCodes['status'], codePrefix: p?.codePrefix ?? null };
};

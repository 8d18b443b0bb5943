import type { TraceBusiness } from '@tilth/contracts/trace-catalog.types';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { catalogCounts, findBatch } from './batch.repository.js';
import { findBusiness } from './business.repository.js';
import { toBusiness } from './business.service.js';

// Read helpers other trace domains call (codes, overview). The caller's service has checked its own
// access; these only read this tenant's rows.

/** The tenant's business profile, or null before it is saved. */
export const traceBusinessProfile = async (ctx: Ctx): Promise<TraceBusiness | null> => {
  requireTenant(ctx);
  const row = await findBusiness(ctx.db, ctx.tenantId);
  return row ? toBusiness(row) : null;
};

/** What a code package needs of its trace batch. */
export interface TraceBatchForCodes {
  traceBatchId: number;
  traceProductId: number;
  productName: string;
  /** GTIN-14 or null (then codes use codePrefix). */
  gtin: string | null;
  batchCode: string;
  status: 'draft' | 'published' | 'withdrawn';
  version: number;
  expiryDate: string | null;
  /** The business profile's own prefix, or null when there is none. */
  codePrefix: string | null;
}

/** The trace batch of this tenant for code generation, or undefined when there is none. */
export const findTraceBatchForCodes = async (
  ctx: Ctx,
  id: number,
): Promise<TraceBatchForCodes | undefined> => {
  requireTenant(ctx);
  const b = await findBatch(ctx.db, ctx.tenantId, id);
  if (!b) return undefined;
  const business = await findBusiness(ctx.db, ctx.tenantId);
  return {
    traceBatchId: b.id,
    traceProductId: b.traceProductId,
    productName: b.productName,
    gtin: b.gtin,
    batchCode: b.batchCode,
    status: b.status as TraceBatchForCodes['status'],
    version: b.version,
    expiryDate: b.expiryDate,
    codePrefix: business?.codePrefix ?? null,
  };
};

/** Counts for the overview header: products and trace batches by status. */
export const traceCatalogCounts = async (
  ctx: Ctx,
): Promise<{ products: number; batches: number; published: number; draft: number; withdrawn: number }> => {
  requireTenant(ctx);
  const c = await catalogCounts(ctx.db, ctx.tenantId);
  const n = (s: string) => c.byStatus.get(s) ?? 0;
  return {
    products: c.products,
    batches: n('draft') + n('published') + n('withdrawn'),
    published: n('published'),
    draft: n('draft'),
    withdrawn: n('withdrawn'),
  };
};

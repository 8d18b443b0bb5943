import type { TenantCtx } from '../../../platform/http/context.js';

// "Delete refused while referenced" across inventory domains without import cycles: the domain that holds
// a reference (products name units, documents name warehouses…) registers a check for the kind it refers
// to; the domain that owns the row asks before deleting (issue 15 item 1).

export type ReferenceKind =
  | 'unit'
  | 'standard'
  | 'standardValue'
  | 'warehouse'
  | 'shop'
  | 'business'
  | 'product'
  | 'sku';

/** Answers a short description of what still refers to the row ('3 products'), or null when nothing does. */
export type ReferenceCheck = (ctx: TenantCtx, id: number) => Promise<string | null>;

const checks = new Map<ReferenceKind, Map<string, ReferenceCheck>>();

/** Registers (or replaces, by name) a check; called when the referring domain's routes register. */
export const registerReferenceCheck = (kind: ReferenceKind, name: string, check: ReferenceCheck): void => {
  const byName = checks.get(kind) ?? new Map<string, ReferenceCheck>();
  byName.set(name, check);
  checks.set(kind, byName);
};

/** What refers to the row, joined ('3 products; 2 documents'), or null when it may be deleted. */
export const referencesTo = async (
  ctx: TenantCtx,
  kind: ReferenceKind,
  id: number,
): Promise<string | null> => {
  const found: string[] = [];
  for (const check of checks.get(kind)?.values() ?? []) {
    const r = await check(ctx, id);
    if (r) found.push(r);
  }
  return found.length > 0 ? found.join('; ') : null;
};

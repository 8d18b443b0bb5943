import type { InvProductCreateBody } from '@tilth/contracts/inventory.product.types';
import type { TenantCtx } from '../../../platform/http/context.js';
import { ProductErrors } from './product.errors.js';
import { cropAndVariety, type ProductRow, unitsByIds } from './product.repository.js';
import type { PlannedSku, StandardValues } from './product.skus.js';
import { existingWarehouses, type StandardWithValues, standardsWithValues } from './sku.repository.js';

// Checks of what a product write names in other domains' tables. A unit or attribute the product already
// uses may since have been disabled: keeping it is allowed, choosing it anew is not.

const UNIT_FIELDS = [
  ['stockUnitId', null],
  ['purchaseUnitId', 'purchaseFactor'],
  ['retailUnitId', 'retailFactor'],
] as const;

export const checkUnitsAndCrop = async (
  ctx: TenantCtx,
  b: InvProductCreateBody,
  current: ProductRow | undefined,
): Promise<void> => {
  const units = await unitsByIds(ctx.db, ctx.tenantId, [b.stockUnitId, b.purchaseUnitId, b.retailUnitId]);
  for (const [field, factorField] of UNIT_FIELDS) {
    const unitId = b[field];
    const u = units.get(unitId);
    const kept = current !== undefined && current[field] === unitId;
    if (!u || (u.enabledFlag !== 1 && !kept)) throw ProductErrors.unitInvalid({ field });
    if (factorField && unitId === b.stockUnitId && b[factorField] !== 1) {
      throw ProductErrors.factorNotOne({ field: factorField });
    }
  }
  if (b.productType === 'agricultural') {
    if (b.cropId == null || b.varietyId == null) {
      throw ProductErrors.cropRequired();
    }
    if (!(await cropAndVariety(ctx.db, ctx.tenantId, b.cropId, b.varietyId))) {
      throw ProductErrors.cropInvalid({ field: 'varietyId' });
    }
  } else if (b.cropId != null || b.varietyId != null) {
    throw ProductErrors.cropNotAllowed();
  }
};

/** The attributes in the asked order, each with values; refuses unknown, disabled-and-new or empty ones. */
export const loadStandards = async (
  ctx: TenantCtx,
  ids: readonly number[],
  keptIds: readonly number[],
): Promise<(StandardValues & StandardWithValues)[]> => {
  const found = await standardsWithValues(ctx.db, ctx.tenantId, ids);
  for (const id of ids) {
    const s = found.find((x) => x.standardId === id);
    const ok = s !== undefined && s.values.length > 0 && (s.enabledFlag === 1 || keptIds.includes(id));
    if (!ok) throw ProductErrors.standardInvalid({ id });
  }
  return found;
};

/** Each SKU's limits name existing warehouses, each once. */
export const checkWarehouses = async (ctx: TenantCtx, keep: readonly PlannedSku[]): Promise<void> => {
  const known = await existingWarehouses(
    ctx.db,
    ctx.tenantId,
    keep.flatMap((s) => s.limits.map((l) => l.warehouseId)),
  );
  keep.forEach((s, index) => {
    const ids = s.limits.map((l) => l.warehouseId);
    if (new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw ProductErrors.warehouseInvalid({ index });
    }
  });
};

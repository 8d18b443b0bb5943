import { registerReferenceCheck } from '../reference/index.js';
import { productsUsingStandard, productsUsingUnit, skusUsingValue } from './product.repository.js';
import { limitsInWarehouse } from './sku.repository.js';

// What products hold of other inventory base data, so deleting a unit, attribute, value or warehouse in use
// is refused (inventory/reference).
export const registerProductReferenceChecks = (): void => {
  registerReferenceCheck('unit', 'products', async (ctx, id) => {
    const n = await productsUsingUnit(ctx.db, ctx.tenantId, id);
    return n > 0 ? `${n} products` : null;
  });
  registerReferenceCheck('standard', 'products', async (ctx, id) => {
    const n = await productsUsingStandard(ctx.db, ctx.tenantId, id);
    return n > 0 ? `${n} products` : null;
  });
  registerReferenceCheck('standardValue', 'skus', async (ctx, id) => {
    const n = await skusUsingValue(ctx.db, ctx.tenantId, id);
    return n > 0 ? `${n} SKUs` : null;
  });
  registerReferenceCheck('warehouse', 'stockLimits', async (ctx, id) => {
    const n = await limitsInWarehouse(ctx.db, ctx.tenantId, id);
    return n > 0 ? `${n} product stock limits` : null;
  });
};

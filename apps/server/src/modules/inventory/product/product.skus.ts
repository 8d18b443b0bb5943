import {
  comboKey,
  INV_SKUS_MAX,
  type InvSkuBody,
  type InvStockLimitBody,
  skuCombinations,
} from '@tilth/contracts/inventory.product.types';
import { ProductErrors } from './product.errors.js';

// The SKUs a product write asks for, checked against its attributes and its current SKUs (pure: the
// service loads what it needs, this decides).

export interface StandardValues {
  standardId: number;
  /** Enabled values in display order. */
  values: { id: number; valueName: string }[];
}

export interface ExistingSku {
  id: number;
  skuCode: string;
  valueIds: number[];
  /** Its current state as a body: what a write without skus keeps for its combination. */
  asBody?: InvSkuBody;
}

export interface PlannedSku {
  id: number | undefined;
  valueIds: number[];
  skuCode: string;
  skuName: string;
  barcode: string | null;
  retailPrice: number | null;
  memberPrice: number | null;
  costPrice: number | null;
  enabledFlag: number;
  limits: InvStockLimitBody[];
}

export interface SkuPlan {
  keep: PlannedSku[];
  /** Existing SKUs the write leaves out: removed if nothing refers to them. */
  removed: ExistingSku[];
}

/** A generated code: the product code alone for the only SKU, else with the value ids (unique, stable). */
export const generatedSkuCode = (productCode: string, valueIds: readonly number[]): string =>
  valueIds.length === 0 ? productCode : `${productCode}-${valueIds.join('-')}`;

export const planSkus = (
  productCode: string,
  standards: readonly StandardValues[],
  asked: readonly InvSkuBody[] | undefined,
  existing: readonly ExistingSku[],
): SkuPlan => {
  const byKey = new Map(existing.map((s) => [comboKey(s.valueIds), s]));
  const byId = new Map(existing.map((s) => [s.id, s]));
  const valueName = new Map<number, string>();
  for (const st of standards) for (const v of st.values) valueName.set(v.id, v.valueName);
  const nameOf = (ids: readonly number[]) => ids.map((v) => valueName.get(v) ?? '').join(' / ');

  const wanted: readonly InvSkuBody[] =
    asked ??
    skuCombinations(standards.map((s) => s.values.map((v) => v.id))).map(
      (valueIds): InvSkuBody =>
        byKey.get(comboKey(valueIds))?.asBody ?? { valueIds, skuCode: undefined, enabledFlag: 1, limits: [] },
    );
  if (wanted.length > INV_SKUS_MAX) throw ProductErrors.tooManySkus({ max: INV_SKUS_MAX });

  const seen = new Set<string>();
  const keptIds = new Set<number>();
  const keep = wanted.map((s, index): PlannedSku => {
    const ok =
      s.valueIds.length === standards.length &&
      s.valueIds.every((v, i) => standards[i]?.values.some((x) => x.id === v));
    if (!ok) throw ProductErrors.skuValuesInvalid({ index });
    const key = comboKey(s.valueIds);
    if (seen.has(key)) throw ProductErrors.skuDuplicate({ index });
    seen.add(key);
    // An asked id must be this product's; without one, the SKU of the same combination is kept.
    const current = s.skuId === undefined ? byKey.get(key) : byId.get(s.skuId);
    if (s.skuId !== undefined && !current) throw ProductErrors.skuNotOfProduct({ index });
    if (current && keptIds.has(current.id)) throw ProductErrors.skuDuplicate({ index });
    if (current) keptIds.add(current.id);
    return {
      id: current?.id,
      valueIds: [...s.valueIds],
      skuCode: s.skuCode ?? current?.skuCode ?? generatedSkuCode(productCode, s.valueIds),
      skuName: nameOf(s.valueIds),
      barcode: s.barcode ?? null,
      retailPrice: s.retailPrice ?? null,
      memberPrice: s.memberPrice ?? null,
      costPrice: s.costPrice ?? null,
      enabledFlag: s.enabledFlag,
      limits: s.limits,
    };
  });
  return { keep, removed: existing.filter((s) => !keptIds.has(s.id)) };
};

import { DEFAULT_CARBON_FACTORS } from '@tilth/contracts/carbon.defaults';
import { type CarbonGas, GWP100, type GwpBasis, pickFactor } from '@tilth/contracts/carbon.formulas';
import type { CarbonFactorDef, CarbonStage } from '@tilth/contracts/carbon.types';
import type { Db } from '../../../platform/db/client.js';
import { type FactorRow, findSettings, tenantFactors } from './factor.repository.js';

/** A factor as a calculation uses it: a shipped default or a tenant row, numbers parsed. */
export interface ResolvedFactor {
  id: number | null;
  code: string;
  name: string;
  enName: string | null;
  category: string;
  value: number;
  unit: string;
  activityUnit: string;
  gas: CarbonGas;
  gwpBasis: GwpBasis;
  /** GWP100 of the gas on the factor's basis (1 for CO2 and CO2e). */
  gwp: number;
  source: string;
  region: string;
  validYear: number | null;
  stage: CarbonStage | null;
  own: boolean;
  enabledFlag: number;
}

const gwpOf = (gas: CarbonGas, basis: GwpBasis): number => GWP100[basis][gas];

export const fromDefault = (d: CarbonFactorDef): ResolvedFactor => ({
  id: null,
  code: d.factorCode,
  name: d.factorName,
  enName: d.factorEnName,
  category: d.category,
  value: d.value,
  unit: d.unit,
  activityUnit: d.activityUnit,
  gas: d.gas,
  gwpBasis: d.gwpBasis,
  gwp: gwpOf(d.gas, d.gwpBasis),
  source: d.source,
  region: d.region,
  validYear: d.validYear,
  stage: d.stage,
  own: false,
  enabledFlag: 1,
});

export const fromRow = (r: FactorRow): ResolvedFactor => {
  const gas = r.gas as CarbonGas;
  const basis = r.gwpBasis as GwpBasis;
  return {
    id: r.id,
    code: r.factorCode,
    name: r.factorName,
    enName: r.factorEnName,
    category: r.category,
    value: Number(r.value),
    unit: r.unit,
    activityUnit: r.activityUnit,
    gas,
    gwpBasis: basis,
    gwp: gwpOf(gas, basis),
    source: r.source,
    region: r.region,
    validYear: r.validYear,
    stage: r.stage as CarbonStage | null,
    own: true,
    enabledFlag: r.enabledFlag,
  };
};

/** The factors of one tenant: which one applies to an activity of a year in a region. */
export interface FactorBook {
  gridRegion: string;
  /** The factor for this code, region (else CN, else GLOBAL) and activity year; null when none. */
  pick(code: string, year: number, region?: string): ResolvedFactor | null;
  /** The factor as the GLOBAL / CN default would answer (for lines of a code with no region). */
  all: readonly ResolvedFactor[];
}

export const loadFactorBook = async (db: Db, tenantId: number): Promise<FactorBook> => {
  const own = (await tenantFactors(db, tenantId)).map(fromRow);
  const settings = await findSettings(db, tenantId);
  const all = [...own, ...DEFAULT_CARBON_FACTORS.map(fromDefault)];
  const byCode = new Map<string, ResolvedFactor[]>();
  for (const f of all) byCode.set(f.code, [...(byCode.get(f.code) ?? []), f]);
  const gridRegion = settings?.gridRegion ?? 'CN';
  return {
    gridRegion,
    all,
    pick: (code, year, region = 'CN') => pickFactor(byCode.get(code) ?? [], region, year),
  };
};

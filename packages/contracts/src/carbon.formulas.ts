// Pure carbon formulas (issue 18 items 6–7), shared by the server's monitoring and the console's
// calculation view. Inputs and outputs are plain numbers in the units named; the server formats them as
// decimal strings. The method and every source: docs/carbon.md.

/** 100-year global warming potentials by IPCC assessment report (AR5 WG1 Table 8.7; AR6 WG1 Table 7.15). */
export const GWP100 = {
  AR5: { CO2: 1, CH4: 28, N2O: 265, CO2e: 1 },
  AR6: { CO2: 1, CH4: 27.9, N2O: 273, CO2e: 1 },
} as const;
export type GwpBasis = keyof typeof GWP100;
export type CarbonGas = keyof (typeof GWP100)['AR5'];

/** Molecular weight ratio N2O / N2O-N = 44 / 28 (IPCC 2019 Refinement Vol.4 Ch.11 Eq. 11.1). */
export const N2O_PER_N2ON = 44 / 28;
/** CO2 / C = 44 / 12 (for factors given in kg carbon equivalent). */
export const CO2_PER_C = 44 / 12;

/** kg of a gas → kg CO2e by the basis' GWP100. */
export const toCo2e = (kgGas: number, gas: CarbonGas, basis: GwpBasis): number => kgGas * GWP100[basis][gas];

/** Nitrogen in an input's applied mass: kg × N % / 100. */
export const nitrogenKg = (inputKg: number, nPercent: number): number => (inputKg * nPercent) / 100;

/** IPCC Tier 1 parameters of managed-soil N2O (2019 Refinement Vol.4 Ch.11 Tables 11.1 and 11.3). */
export type N2oParams = {
  /** kg N2O-N per kg N applied (direct). */
  ef1: number;
  /** Fraction of synthetic N that volatilises as NH3 and NOx. */
  fracGasf: number;
  /** Fraction of organic N that volatilises. */
  fracGasm: number;
  /** kg N2O-N per kg NH3-N + NOx-N volatilised and re-deposited. */
  ef4: number;
  /** Fraction of applied N lost by leaching and run-off. */
  fracLeach: number;
  /** kg N2O-N per kg N leached. */
  ef5: number;
};

export const IPCC_2019_N2O: N2oParams = {
  ef1: 0.01,
  fracGasf: 0.11,
  fracGasm: 0.21,
  ef4: 0.01,
  fracLeach: 0.24,
  ef5: 0.011,
};

export type NitrogenSource = 'synthetic' | 'organic';

/** Direct N2O (kg N2O) of N applied: N × EF1 × 44/28 (Eq. 11.1). */
export const n2oDirectKg = (nKg: number, p: Pick<N2oParams, 'ef1'>): number => nKg * p.ef1 * N2O_PER_N2ON;

/** Indirect N2O (kg N2O) from volatilisation: N × FracGAS(F|M) × EF4 × 44/28 (Eq. 11.9). */
export const n2oVolatilisationKg = (nKg: number, source: NitrogenSource, p: N2oParams): number =>
  nKg * (source === 'organic' ? p.fracGasm : p.fracGasf) * p.ef4 * N2O_PER_N2ON;

/** Indirect N2O (kg N2O) from leaching and run-off: N × FracLEACH × EF5 × 44/28 (Eq. 11.10). */
export const n2oLeachingKg = (nKg: number, p: N2oParams): number => nKg * p.fracLeach * p.ef5 * N2O_PER_N2ON;

/** activity × factor: the one product every line of the monitoring is. */
export const activityTimesFactor = (amount: number, factor: number): number => amount * factor;

/**
 * Hours a device ran in the hourly status buckets of one on/off flag: each bucket adds the share of its
 * readings that reported "on" (sum of the 0/1 flag ÷ count) of one hour.
 */
export const runHoursFromBuckets = (buckets: readonly { sum: number; count: number }[]): number =>
  buckets.reduce((h, b) => (b.count > 0 ? h + Math.min(1, Math.max(0, b.sum / b.count)) : h), 0);

/** kWh = hours × rated kW. */
export const electricityKwh = (hours: number, ratedKw: number): number => hours * ratedKw;

/** Mass units a quantity can be turned into kg from (input stock units, harvest units). */
export const KG_PER_UNIT: Readonly<Record<string, number>> = {
  kg: 1,
  g: 0.001,
  t: 1000,
  公斤: 1,
  千克: 1,
  克: 0.001,
  吨: 1000,
  斤: 0.5,
};

/** A quantity in kg, or null when its unit is not a mass unit (bag, bottle, L…). */
export const toKg = (quantity: number, unit: string | null | undefined): number | null => {
  const k = unit == null ? undefined : (KG_PER_UNIT[unit.trim().toLowerCase()] ?? KG_PER_UNIT[unit.trim()]);
  return k === undefined ? null : quantity * k;
};

const SPEC_MASS = /(\d+(?:\.\d+)?)\s*(kg|g|t|公斤|千克|克|吨|斤)\s*\/\s*(\S+)/i;

/**
 * A quantity in kg for a counted unit whose specification states its mass ("50kg/袋" with unit 袋);
 * else as toKg (a mass unit), else null.
 */
export const toKgWithSpec = (quantity: number, unit: string, specification: string | null): number | null => {
  const direct = toKg(quantity, unit);
  if (direct != null) return direct;
  const m = specification ? SPEC_MASS.exec(specification) : null;
  if (!m || m[3]?.trim() !== unit.trim()) return null;
  const per = toKg(Number(m[1]), m[2] ?? '');
  return per == null ? null : quantity * per;
};

/** Emission intensity per kg of product; null without a positive harvest weight. */
export const perKg = (kgCo2e: number, harvestKg: number | null): number | null =>
  harvestKg != null && harvestKg > 0 ? kgCo2e / harvestKg : null;

/** A decimal string with at most `digits` decimals, no trailing zeros ("-0" → "0"). */
export const decimal = (n: number, digits = 4): string => {
  const s = n.toFixed(digits);
  const t = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  return t === '-0' ? '0' : t;
};

/**
 * Picks the factor that applies to an activity (docs/carbon.md "which factor"): the requested region,
 * else CN, else GLOBAL; in that region the tenant's own rows beat the defaults; among those the valid year
 * nearest the activity year (a tie goes to the later year; rows without a year come last).
 */
export const pickFactor = <
  F extends { region: string; validYear: number | null; own: boolean; enabledFlag: number },
>(
  candidates: readonly F[],
  region: string,
  year: number,
): F | null => {
  const enabled = candidates.filter((c) => c.enabledFlag === 1);
  for (const r of [region, 'CN', 'GLOBAL']) {
    const inRegion = enabled.filter((c) => c.region === r);
    if (inRegion.length === 0) continue;
    const own = inRegion.filter((c) => c.own);
    const pool = own.length > 0 ? own : inRegion;
    const dist = (c: F) => (c.validYear == null ? Number.MAX_SAFE_INTEGER : Math.abs(c.validYear - year));
    return [...pool].sort((a, b) => dist(a) - dist(b) || (b.validYear ?? 0) - (a.validYear ?? 0))[0] ?? null;
  }
  return null;
};

/**
 * Powered devices whose run time monitoring counts: the on/off flags their status telemetry reports and
 * the rated power assumed when the device's config has no `ratedPowerKw` (per flag: an aerator's pump).
 * Defaults are typical nameplate ratings, an assumption each tenant should replace (docs/carbon.md).
 */
export const POWERED_DEVICES: Readonly<Record<string, { flags: readonly string[]; ratedKw: number }>> = {
  'pest-lamp': { flags: ['lampOn'], ratedKw: 0.03 },
  aerator: { flags: ['pump1On', 'pump2On', 'pump3On', 'pump4On'], ratedKw: 1.5 },
  inverter: { flags: ['running'], ratedKw: 5.5 },
  'water-fertilizer': { flags: ['running'], ratedKw: 1.1 },
  'inject-fertilizer': { flags: ['running'], ratedKw: 0.75 },
};

/** Farm machines: the hour-meter metric and the diesel use per hour assumed without `fuelRateLPerH`. */
export const FUELLED_MACHINES: Readonly<Record<string, { counter: string; fuelLPerH: number }>> = {
  'farm-machine': { counter: 'engineHours', fuelLPerH: 6 },
};

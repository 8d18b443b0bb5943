import { describe, expect, it } from 'vitest';
import { DEFAULT_CARBON_FACTORS } from './carbon.defaults.js';
import {
  decimal,
  electricityKwh,
  GWP100,
  IPCC_2019_N2O,
  n2oDirectKg,
  n2oLeachingKg,
  n2oVolatilisationKg,
  nitrogenKg,
  perKg,
  pickFactor,
  runHoursFromBuckets,
  toCo2e,
  toKg,
  toKgWithSpec,
} from './carbon.formulas.js';

// Hand-computed cases with the cited factors (IPCC 2019 Refinement Vol.4 Ch.11 Tables 11.1 / 11.3,
// GWP100 AR5 N2O 265, MEE/NBS 2023 grid 0.5306 kgCO2/kWh). Arithmetic written out in each comment.

describe('fertiliser N2O (IPCC 2019 Tier 1)', () => {
  // 100 kg urea at 46 % N → 46 kg N.
  const nKg = nitrogenKg(100, 46);

  it('takes the nitrogen from the mass and the N %', () => {
    expect(nKg).toBe(46);
  });

  it('direct: 46 × 0.01 × 44/28 = 0.7229 kg N2O → × 265 = 191.5571 kg CO2e', () => {
    const n2o = n2oDirectKg(nKg, IPCC_2019_N2O);
    expect(decimal(n2o, 4)).toBe('0.7229');
    expect(decimal(toCo2e(n2o, 'N2O', 'AR5'), 4)).toBe('191.5571');
  });

  it('indirect, volatilised (synthetic): 46 × 0.11 × 0.01 × 44/28 = 0.07951 kg N2O → × 265 = 21.0713', () => {
    const n2o = n2oVolatilisationKg(nKg, 'synthetic', IPCC_2019_N2O);
    expect(decimal(n2o, 5)).toBe('0.07951');
    expect(decimal(toCo2e(n2o, 'N2O', 'AR5'), 4)).toBe('21.0713');
  });

  it('indirect, volatilised (organic uses FracGASM 0.21): 46 × 0.21 × 0.01 × 44/28 = 0.1518 kg N2O', () => {
    expect(decimal(n2oVolatilisationKg(nKg, 'organic', IPCC_2019_N2O), 4)).toBe('0.1518');
  });

  it('indirect, leached: 46 × 0.24 × 0.011 × 44/28 = 0.19083 kg N2O → × 265 = 50.5711', () => {
    const n2o = n2oLeachingKg(nKg, IPCC_2019_N2O);
    expect(decimal(n2o, 5)).toBe('0.19083');
    expect(decimal(toCo2e(n2o, 'N2O', 'AR5'), 4)).toBe('50.5711');
  });

  it('on the AR6 basis N2O weighs 273: 0.722857 × 273 = 197.3400', () => {
    expect(decimal(toCo2e(n2oDirectKg(nKg, IPCC_2019_N2O), 'N2O', 'AR6'), 4)).toBe('197.34');
    expect(GWP100.AR6.CH4).toBe(27.9);
  });
});

describe('electricity and units', () => {
  it('run hours: fully-on hours count 1, a half-on hour ½, empty buckets nothing', () => {
    // 2 buckets all on + 1 bucket 2 of 4 readings on + 1 all off = 2.5 h
    const h = runHoursFromBuckets([
      { sum: 6, count: 6 },
      { sum: 12, count: 12 },
      { sum: 2, count: 4 },
      { sum: 0, count: 5 },
      { sum: 0, count: 0 },
    ]);
    expect(h).toBe(2.5);
  });

  it('12 h × 2 kW = 24 kWh × 0.5306 (national grid 2023) = 12.7344 kg CO2', () => {
    const grid = DEFAULT_CARBON_FACTORS.find(
      (f) => f.factorCode === 'electricity.grid' && f.validYear === 2023 && f.region === 'CN',
    );
    expect(grid?.value).toBe(0.5306);
    expect(decimal(electricityKwh(12, 2) * (grid?.value ?? 0), 4)).toBe('12.7344');
  });

  it('converts mass units to kg and refuses the others', () => {
    expect(toKg(2, 't')).toBe(2000);
    expect(toKg(10, '斤')).toBe(5);
    expect(toKg(500, 'g')).toBe(0.5);
    expect(toKg(3, 'bag')).toBeNull();
    expect(toKg(3, null)).toBeNull();
  });

  it('a counted unit weighs what its specification says (2 bags of 40kg/袋 = 80 kg)', () => {
    expect(toKgWithSpec(2, '袋', '40kg/袋')).toBe(80);
    expect(toKgWithSpec(3, 'bag', '25 kg / bag')).toBe(75);
    expect(toKgWithSpec(2, '袋', '40kg/桶')).toBeNull();
    expect(toKgWithSpec(2, '瓶', null)).toBeNull();
    expect(toKgWithSpec(2, 'kg', null)).toBe(2);
  });

  it('per kg needs a positive harvest weight', () => {
    expect(perKg(546.6939, 1000)).toBeCloseTo(0.5466939, 9);
    expect(perKg(10, 0)).toBeNull();
    expect(perKg(10, null)).toBeNull();
  });
});

describe('default factors', () => {
  it('every default is cited, in range and has an activity unit', () => {
    for (const f of DEFAULT_CARBON_FACTORS) {
      expect(f.source.length, f.factorCode).toBeGreaterThan(20);
      expect(f.value).toBeGreaterThanOrEqual(0);
      expect(f.activityUnit).not.toBe('');
    }
  });

  it('diesel off-road: 43.0e-6 TJ/kg × (74 100 + 4.15 × 28 + 28.6 × 265) = 3.5172 kg CO2e/kg', () => {
    const diesel = DEFAULT_CARBON_FACTORS.find((f) => f.factorCode === 'fuel.diesel');
    expect(decimal(43.0e-6 * (74_100 + 4.15 * 28 + 28.6 * 265), 4)).toBe(String(diesel?.value));
  });
});

describe('which factor applies', () => {
  const f = (region: string, validYear: number | null, own: boolean, enabledFlag = 1) => ({
    region,
    validYear,
    own,
    enabledFlag,
  });

  it('prefers the region, then CN, then GLOBAL', () => {
    const c = [f('GLOBAL', 2023, false), f('CN', 2023, false), f('CN-EAST', 2023, false)];
    expect(pickFactor(c, 'CN-EAST', 2023)?.region).toBe('CN-EAST');
    expect(pickFactor(c, 'CN-SOUTH', 2023)?.region).toBe('CN');
    expect(pickFactor([f('GLOBAL', 2019, false)], 'CN', 2023)?.region).toBe('GLOBAL');
  });

  it("the tenant's own row beats the default of the same region, whatever the year", () => {
    const c = [f('CN', 2023, false), f('CN', 2020, true)];
    expect(pickFactor(c, 'CN', 2023)).toMatchObject({ own: true, validYear: 2020 });
  });

  it('a disabled row does not apply: the default comes back', () => {
    const c = [f('CN', 2023, false), f('CN', 2023, true, 0)];
    expect(pickFactor(c, 'CN', 2023)).toMatchObject({ own: false });
  });

  it('the valid year nearest the activity year; a tie goes to the later year', () => {
    const c = [f('CN', 2020, false), f('CN', 2022, false), f('CN', 2023, false)];
    expect(pickFactor(c, 'CN', 2021)?.validYear).toBe(2022);
    expect(pickFactor(c, 'CN', 2019)?.validYear).toBe(2020);
    expect(pickFactor(c, 'CN', 2030)?.validYear).toBe(2023);
  });
});

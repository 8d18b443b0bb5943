import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgriInput, agriHarness, type ErrorBody } from './agri-helpers.js';

// Nutrient content of an input (issue 18): carbon monitoring takes the N of fertiliser use from nPercent.

let h: Awaited<ReturnType<typeof agriHarness>>;
beforeAll(async () => {
  h = await agriHarness();
});
afterAll(async () => {
  await h.s.close();
});

const urea = {
  inputName: '尿素',
  inputCode: 'UREA_46',
  category: 'fertilizer',
  registrationNo: 'GB-2440',
  unit: 'kg',
  nPercent: 46,
};

describe('agricultural input nutrients', () => {
  it('creates and edits an input with N, P2O5 and K2O percent', async () => {
    const created = await h.ok<AgriInput>('admin', 'POST', 'agricultural/input', urea);
    // Without a source the nitrogen counts as synthetic (IPCC FracGASF).
    expect(created).toMatchObject({
      nPercent: 46,
      p2o5Percent: null,
      k2oPercent: null,
      nitrogenSource: 'synthetic',
    });
    const edited = await h.ok<AgriInput>('admin', 'PUT', 'agricultural/input', {
      ...urea,
      inputId: created.inputId,
      objectVersionNumber: 1,
      nPercent: 15.25,
      p2o5Percent: 15,
      k2oPercent: 0,
      nitrogenSource: 'organic',
    });
    expect(edited).toMatchObject({
      nPercent: 15.25,
      p2o5Percent: 15,
      k2oPercent: 0,
      nitrogenSource: 'organic',
    });
    expect(await h.ok('viewer', 'GET', `agricultural/input/${created.inputId}`)).toEqual(edited);
    // Sent again without them (the form cleared them): they become empty, and so does the source.
    const cleared = await h.ok<AgriInput>('admin', 'PUT', 'agricultural/input', {
      ...urea,
      nPercent: null,
      inputId: created.inputId,
      objectVersionNumber: 2,
    });
    expect(cleared).toMatchObject({ nPercent: null, p2o5Percent: null, nitrogenSource: null });
  });

  it('refuses a percent outside 0–100 or with 3 decimals, naming the field, and stores nothing', async () => {
    for (const [field, value] of [
      ['nPercent', 100.01],
      ['nPercent', -1],
      ['p2o5Percent', 12.345],
      ['k2oPercent', '12'],
      ['nitrogenSource', 'mineral'],
    ] as const) {
      const res = await h.call('admin', 'POST', 'agricultural/input', {
        ...urea,
        inputCode: 'BAD_ONE',
        [field]: value,
      });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect((res.json() as ErrorBody).message).toContain(field);
    }
    const list = await h.ok<{ totalElements: number }>(
      'viewer',
      'GET',
      'agricultural/input?inputCode=BAD_ONE',
    );
    expect(list.totalElements).toBe(0);
  });
});

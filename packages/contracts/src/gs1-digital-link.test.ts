import { describe, expect, it } from 'vitest';
import { buildDigitalLink, gs1CheckDigit, normalizeGtin, parseDigitalLink } from './gs1-digital-link.js';

// Issue 18 item 2: the URI printed in every QR code must be one a GS1 resolver and our public page read.

describe('GTIN check digits', () => {
  it('computes the mod-10 check digit of published examples', () => {
    // GS1 General Specifications 7.9.1 worked example: 629104150021 → 3.
    expect(gs1CheckDigit('629104150021')).toBe(3);
    expect(gs1CheckDigit('0950600013435')).toBe(2);
    expect(gs1CheckDigit('9638507')).toBe(4);
  });

  it('normalises GTIN-8/12/13/14 to 14 digits and refuses a wrong check digit', () => {
    expect(normalizeGtin('96385074')).toBe('00000096385074');
    expect(normalizeGtin('614141000036')).toBe('00614141000036');
    expect(normalizeGtin('6291041500213')).toBe('06291041500213');
    expect(normalizeGtin('09506000134352')).toBe('09506000134352');
    expect(normalizeGtin('6291 0415-00213')).toBe('06291041500213');
    expect(normalizeGtin('6291041500214')).toBeNull();
    expect(normalizeGtin('09506000134353')).toBeNull();
    expect(normalizeGtin('1234567890')).toBeNull();
    expect(normalizeGtin('ABCDEFGH')).toBeNull();
    expect(normalizeGtin('')).toBeNull();
  });
});

describe('Digital Link builder', () => {
  it('builds /01/{GTIN-14}/10/{lot}/21/{serial} with a GTIN-13 padded', () => {
    expect(
      buildDigitalLink({
        scheme: 'gs1',
        host: 'trace.example.com',
        gtin: '6291041500213',
        lot: 'L2026-07',
        serial: 'AB23CD',
      }),
    ).toBe('https://trace.example.com/01/06291041500213/10/L2026-07/21/AB23CD');
  });

  it('percent-encodes CSET 82 characters outside the URI unreserved set, "/" included', () => {
    const uri = buildDigitalLink({
      scheme: 'gs1',
      host: 'https://t.example/',
      gtin: '09506000134352',
      lot: 'A/B 1'.replace(' ', '+'),
      serial: "x!&'()*,:;=?%",
    });
    expect(uri).toBe(
      'https://t.example/01/09506000134352/10/A%2FB%2B1/21/x%21%26%27%28%29%2A%2C%3A%3B%3D%3F%25',
    );
    expect(parseDigitalLink(uri)).toEqual({
      scheme: 'gs1',
      host: 't.example',
      gtin: '09506000134352',
      lot: 'A/B+1',
      serial: "x!&'()*,:;=?%",
    });
  });

  it('leaves the lot out when there is none, and builds the tenant form', () => {
    expect(
      buildDigitalLink({ scheme: 'gs1', host: 'h.example:8080', gtin: '96385074', lot: null, serial: 'S2' }),
    ).toBe('https://h.example:8080/01/00000096385074/21/S2');
    expect(buildDigitalLink({ scheme: 'tenant', host: 'h.example', tenantId: 42, serial: 'TLT7KQ' })).toBe(
      'https://h.example/q/42/TLT7KQ',
    );
  });

  it('refuses values the standard cannot carry', () => {
    const base = {
      scheme: 'gs1' as const,
      host: 'h.example',
      gtin: '09506000134352',
      lot: 'L1',
      serial: 'S1',
    };
    expect(() => buildDigitalLink({ ...base, gtin: '09506000134353' })).toThrow();
    expect(() => buildDigitalLink({ ...base, lot: '批次一' })).toThrow();
    expect(() => buildDigitalLink({ ...base, lot: 'has space' })).toThrow();
    expect(() => buildDigitalLink({ ...base, serial: 'X'.repeat(21) })).toThrow();
    expect(() => buildDigitalLink({ ...base, serial: '' })).toThrow();
    expect(() => buildDigitalLink({ ...base, host: 'evil.example/path?' })).toThrow();
    expect(() =>
      buildDigitalLink({ scheme: 'tenant', host: 'h.example', tenantId: 0, serial: 'A' }),
    ).toThrow();
  });
});

describe('Digital Link parser', () => {
  it('round-trips both forms', () => {
    const links = [
      {
        scheme: 'gs1' as const,
        host: 'a.example',
        gtin: '00614141000036',
        lot: 'LOT-7.2_b',
        serial: '23456789ABCDEFGHJKLM',
      },
      { scheme: 'gs1' as const, host: 'a.example', gtin: '06291041500213', lot: null, serial: 'Z9' },
      { scheme: 'tenant' as const, host: 'localhost:3000', tenantId: 7, serial: 'FARM2XK9PQ' },
      { scheme: 'tenant' as const, host: 'http://localhost:3000', tenantId: 7, serial: 'FARM2XK9PQ' },
    ];
    for (const link of links) expect(parseDigitalLink(buildDigitalLink(link))).toEqual(link);
  });

  it('accepts http, a GTIN-13 in the URI and a query string', () => {
    expect(parseDigitalLink('http://a.example/01/6291041500213/21/AB?linkType=all')).toEqual({
      scheme: 'gs1',
      host: 'http://a.example',
      gtin: '06291041500213',
      lot: null,
      serial: 'AB',
    });
  });

  it('rejects malformed URIs', () => {
    for (const bad of [
      '',
      'not a uri',
      'ftp://a.example/01/06291041500213/21/AB',
      'https://a.example/01/06291041500214/21/AB', // check digit
      'https://a.example/01/0629104150021/21/AB', // 13 digits, wrong check
      'https://a.example/01/06291041500213', // no serial
      'https://a.example/01/06291041500213/10/L1', // lot but no serial
      'https://a.example/01/06291041500213/21/AB/extra',
      'https://a.example/01/06291041500213/21/', // empty serial
      'https://a.example/01/06291041500213/21/%E6%89%B9', // not CSET 82
      'https://a.example/01/06291041500213/21/%ZZ', // bad escape
      `https://a.example/01/06291041500213/21/${'A'.repeat(21)}`,
      'https://a.example/01/06291041500213/17/260101/21/AB', // AI we do not issue
      'https://a.example/q/0/AB',
      'https://a.example/q/x/AB',
      'https://a.example/q/7',
      'https://a.example/q/7/AB/C',
      'https://a.example//q/7/AB',
    ]) {
      expect(parseDigitalLink(bad), bad).toBeNull();
    }
  });
});

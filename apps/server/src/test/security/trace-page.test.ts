import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { fillPath } from '../routes.js';

// Signed-out HTML pages (issue 18: the public trace page) are a route kind of their own: they answer a
// document of the console's origin, so each one found in the route table must carry its own strict policy
// (script only from self, no inline script or style attribute, no framing), never sniff, reflect no input
// unescaped, and answer junk with a 4xx — never a 5xx.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

/** Routes that render an HTML page (outside the API prefixes, not the console's own files). */
const htmlRoutes = () =>
  s.routes.filter(
    (r) =>
      r.method === 'GET' &&
      !/^\/(oauth|iam|wfpf|wfpe|hmsg|hfle|iot|api-docs)\b/.test(r.url) &&
      r.url !== '/*' &&
      r.url !== '/' &&
      // The load balancer's health check answers JSON (route-inventory reviews it with the public routes).
      r.url !== '/health',
  );

const HOSTILE = [
  '"><script>alert(1)</script>',
  '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  'x'.repeat(150),
  '%00',
  '..%2F..%2Fetc',
];

describe('signed-out HTML pages', () => {
  it('are the reviewed ones', () => {
    expect(
      htmlRoutes()
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/01/:gtin/10/:lot/21/:serial', '/q/:tenantId/:serial', '/q/:tenantId/b/:lot'].sort());
  });

  it('answer an unknown code with a 404 page under a strict policy of their own', async () => {
    for (const r of htmlRoutes()) {
      const url = fillPath(r.url, s.fixtures.tenantA, {
        serial: 'NOSUCH234',
        lot: 'NOLOT',
        gtin: '06901234567892',
      });
      const res = await s.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("default-src 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.body, url).not.toMatch(/<script(?![^>]*\bsrc=)/i);
    }
  });

  it('never answer malformed input with a 5xx, and reflect nothing unescaped', async () => {
    for (const r of htmlRoutes()) {
      for (const bad of HOSTILE) {
        // One path segment each (a raw '/' would make another path: the console's own fallback page).
        const v = encodeURIComponent(decodeURIComponent(bad));
        const url = fillPath(r.url, s.fixtures.tenantA, { serial: v, lot: v, gtin: v });
        const res = await s.inject({ method: 'GET', url: `${url}?lang=${encodeURIComponent(bad)}` });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toContain('<script>alert(1)');
        expect(res.body, url).not.toContain('onerror=alert');
      }
    }
  });
});

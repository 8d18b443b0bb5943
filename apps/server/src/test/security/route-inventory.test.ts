import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('route inventory', () => {
  it('every registered route declares its access', () => {
    expect(s.routes.length).toBeGreaterThan(40);
    const undeclared = s.routes
      .filter((r) => r.options.config?.access === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every API route has zod request and response schemas documented in OpenAPI', async () => {
    const res = await s.inject({ method: 'GET', url: '/api-docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const api = s.routes.filter(
      (r) => /^\/(oauth|iam|wfpf|wfpe|hmsg|hfle)\//.test(r.url) && r.method !== 'HEAD',
    );
    for (const r of api) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.url} in OpenAPI`).toBeDefined();
    }
  });

  it('tenant routes are the ones under /{t}/ and non-public ones require a bearer token', async () => {
    for (const r of s.routes.filter(
      (x) => x.url.includes(':tenantId') && x.options.config?.access !== 'public',
    )) {
      const res = await s.inject({ method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1') });
      expect([400, 401], `${r.method} ${r.url} without token`).toContain(res.statusCode);
    }
  });
});

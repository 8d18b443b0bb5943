import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';

// GET /health is the load balancer's check (npm run cluster's HAProxy). The database-down answer is
// proven against a really stopped PostgreSQL in test/scale/read-replica.test.ts.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('GET /health', () => {
  it('answers 200 {status: ok} without signing in, and nothing else', async () => {
    const res = await s.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a flood of checks shares one database probe', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => s.inject({ method: 'GET', url: '/health' })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
  });

  it('answers 503 {status: draining} once shutdown begins, so the balancer routes around it', async () => {
    s.health.draining = true;
    try {
      const res = await s.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining' });
    } finally {
      s.health.draining = false;
    }
    expect((await s.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

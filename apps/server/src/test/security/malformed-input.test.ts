import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login, startTestServer, type TestServer } from '../harness.js';
import { fieldsOf, fillPath, hasBody, isOwnApiRoute } from '../routes.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await login(s, 'adminA');
});
afterAll(async () => {
  await s.close();
});

const MB = 'x'.repeat(1024 * 1024);

/** Sends a request and checks the promise every route keeps: a 4xx with a message, or success — never 5xx. */
const expectNo5xx = async (
  label: string,
  opts: { method: string; url: string; payload?: string; contentType?: string },
) => {
  const res = await s.inject({
    method: opts.method as 'POST',
    url: opts.url,
    headers: { ...auth(token), ...(opts.contentType ? { 'content-type': opts.contentType } : {}) },
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
  });
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
    const body = res.json() as { message?: string };
    expect(body.message, `${label} names the problem`).toBeTruthy();
  }
  return res;
};

describe('malformed input never gives a 5xx', () => {
  it('junk JSON, wrong top-level types and 1 MB strings in bodies', async () => {
    const routes = s.routes.filter((r) => isOwnApiRoute(r) && hasBody(r.method));
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) {
      const url = fillPath(r.url, s.fixtures.tenantA);
      const label = `${r.method} ${r.url}`;
      for (const junk of ['{"a":', 'not json', '[1,2', '"\\u0000"', 'null', '[]', '42']) {
        await expectNo5xx(`${label} junk ${junk}`, {
          method: r.method,
          url,
          payload: junk,
          contentType: 'application/json',
        });
      }
      await expectNo5xx(`${label} 1MB body`, {
        method: r.method,
        url,
        payload: JSON.stringify({ x: MB }),
        contentType: 'application/json',
      });
    }
  });

  it('wrong types, missing fields and huge strings in each body field', async () => {
    for (const r of s.routes.filter((x) => isOwnApiRoute(x) && hasBody(x.method))) {
      const fields = fieldsOf(r.options.schema?.body);
      const url = fillPath(r.url, s.fixtures.tenantA);
      for (const name of Object.keys(fields)) {
        for (const bad of [
          { [name]: { nested: true } },
          { [name]: 'x'.repeat(200_000) },
          { [name]: -1e308 },
          { [name]: [null] },
        ]) {
          const res = await expectNo5xx(`${r.method} ${r.url} ${name}`, {
            method: r.method,
            url,
            payload: JSON.stringify(bad),
            contentType: 'application/json',
          });
          expect(
            res.statusCode,
            `${r.method} ${r.url} ${name}=${JSON.stringify(bad).slice(0, 40)}`,
          ).toBeGreaterThanOrEqual(400);
        }
      }
      if (Object.keys(fields).length > 0) {
        const res = await expectNo5xx(`${r.method} ${r.url} empty`, {
          method: r.method,
          url,
          payload: '{}',
          contentType: 'application/json',
        });
        void res;
      }
    }
  });

  it('wrong types and huge strings in query strings and path parameters', async () => {
    for (const r of s.routes.filter(isOwnApiRoute)) {
      const fields = fieldsOf(r.options.schema?.querystring);
      for (const name of Object.keys(fields)) {
        for (const bad of ['%00', 'abc', '-99999999999999999999', 'x'.repeat(100_000)]) {
          const url = `${fillPath(r.url, s.fixtures.tenantA)}?${name}=${bad}`;
          await expectNo5xx(`${r.method} ${r.url} ?${name}`, { method: r.method, url });
        }
      }
      if (/:(?!tenantId)\w+/.test(r.url)) {
        for (const bad of ['abc', '-1', '99999999999999999999999', '1.5', '%27%20or%201%3D1']) {
          const url = fillPath(r.url, s.fixtures.tenantA, { id: bad, userId: bad, captchaKey: bad });
          const res = await expectNo5xx(`${r.method} ${r.url} param ${bad}`, { method: r.method, url });
          expect(res.statusCode, `${r.method} ${url}`).toBeGreaterThanOrEqual(400);
        }
      }
      for (const bad of ['abc', '-5', '99999999999999999999']) {
        if (!r.url.includes(':tenantId')) continue;
        const url = r.url.replace(':tenantId', bad).replace(/:(\w+)/g, '1');
        const res = await expectNo5xx(`${r.method} ${r.url} tenant ${bad}`, { method: r.method, url });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
  });
});

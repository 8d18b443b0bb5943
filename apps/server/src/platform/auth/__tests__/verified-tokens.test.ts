import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../test/harness.js';
import { signAccessToken } from '../tokens.js';

// authenticate() remembers tokens it verified (tokens.ts); what it remembers must never outlive the token
// or let anything but the exact verified token through.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const self = (token: string) =>
  s.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: auth(token) });
const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

describe('verified tokens remembered', () => {
  it('a token accepted a moment ago is refused as expired once its time is up', async () => {
    const signedIn = await login(s, 'viewerA');
    const short = await signAccessToken(s.platform.keys, s.fixtures.users.viewerA.id, sessionOf(signedIn), 2);
    expect((await self(short)).statusCode).toBe(200);
    expect((await self(short)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_000);
    const res = await self(short);
    expect(res.statusCode).toBe(401);
    expect(json<{ code: string }>(res).code).toBe('error.permission.accessTokenExpired');
  });

  it('a token changed in its signature or claims is refused right after the real one was accepted', async () => {
    const token = await login(s, 'viewerA');
    expect((await self(token)).statusCode).toBe(200);
    const [h, p, sig = ''] = token.split('.');
    const flipped = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BA' : 'AA'}`;
    expect((await self(flipped)).statusCode).toBe(401);
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>;
    const other = Buffer.from(
      JSON.stringify({ ...claims, sub: String(s.fixtures.users.adminA.id) }),
    ).toString('base64url');
    expect((await self(`${h}.${other}.${sig}`)).statusCode).toBe(401);
  });

  it('a remembered token stops opening anything when its session is signed out', async () => {
    const token = await login(s, 'viewerA');
    expect((await self(token)).statusCode).toBe(200);
    const out = await s.inject({
      method: 'POST',
      url: '/oauth/token/logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access_token=${encodeURIComponent(token)}`,
    });
    expect(out.statusCode).toBe(200);
    expect((await self(token)).statusCode).toBe(401);
  });
});

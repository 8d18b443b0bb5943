import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMessageApi } from '../feedback';
import { initI18n, translate } from '../i18n/i18n';
import { ACCESS_TOKEN_EXPIRED, ApiError, api, buildUrl, configureClient } from './client';

// Storage and the message API stand-ins; the client itself runs unchanged.
const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  };
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let notices: string[];
let clock = Date.parse('2025-01-01T00:00:00Z');
let navigations: string[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  vi.stubGlobal('localStorage', memory());
  await initI18n();
});

beforeEach(() => {
  vi.stubGlobal('localStorage', memory());
  vi.stubGlobal('sessionStorage', memory());
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  notices = [];
  navigations = [];
  setMessageApi({
    error: (arg: unknown) => {
      notices.push(typeof arg === 'object' && arg && 'content' in arg ? String(arg.content) : String(arg));
    },
  } as never);
  configureClient({
    navigate: (to) => navigations.push(to),
    currentPath: () => '/web/farm/base?x=1',
    onSessionEnd: () => undefined,
  });
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  // Each test starts well after the last notice of the one before (notices are throttled per second).
  clock += 60_000;
  vi.setSystemTime(clock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The next notice may show: the client shows at most one per second. */
const nextSecond = () => vi.setSystemTime(Date.now() + 1500);

describe('api client', () => {
  it('unwraps the body and sends the token, language and query', async () => {
    localStorage.setItem('access_token', 'tok');
    fetchMock.mockResolvedValueOnce(json(200, { id: 1 }));
    expect(await api.get('/iam/stong/v1/users/self', { query: { a: 1, b: undefined } })).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/iam/stong/v1/users/self?a=1');
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('accept-language')).toBe('zh-CN');
  });

  it('posts forms url-encoded and JSON as JSON', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.post('/oauth/oauth/token', { form: { username: 'demo', grant_type: 'password' } });
    await api.post('/x', { json: ['a'] });
    const [, form] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(form.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(form.body).toBe('username=demo&grant_type=password');
    const [, body] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(body.body).toBe('["a"]');
  });

  it('an expired token with no way to refresh ends the session: path saved, tokens gone, to /login', async () => {
    localStorage.setItem('access_token', 'old');
    fetchMock.mockResolvedValueOnce(
      json(401, { failed: true, code: ACCESS_TOKEN_EXPIRED, message: 'expired' }),
    );
    await expect(api.get('/iam/stong/v1/users/self')).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(navigations).toEqual(['/login']));
    expect(sessionStorage.getItem('redirect')).toBe('/web/farm/base?x=1');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('language')).toBe('zh-CN');
    expect(notices).toEqual([translate('common:error.authExpired')]);
  });

  it('an expired token is refreshed once and the call repeated', async () => {
    localStorage.setItem('access_token', 'old');
    localStorage.setItem('refresh_token', 'r1');
    fetchMock
      .mockResolvedValueOnce(json(401, { failed: true, code: ACCESS_TOKEN_EXPIRED, message: 'expired' }))
      .mockResolvedValueOnce(json(200, { access_token: 'new', refresh_token: 'r2' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    expect(await api.get('/x')).toEqual({ ok: true });
    expect(localStorage.getItem('access_token')).toBe('new');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
    const [, retry] = fetchMock.mock.calls[2] as [string, RequestInit];
    expect(new Headers(retry.headers).get('authorization')).toBe('Bearer new');
    expect(navigations).toEqual([]);
  });

  it('shows the status notices, at most one per second', async () => {
    const failing = async (status: number, message = '') => {
      fetchMock.mockResolvedValueOnce(json(status, { failed: true, code: 'x', message }));
      await expect(api.get('/x')).rejects.toMatchObject({ status });
    };
    await failing(403);
    await failing(404);
    expect(notices).toEqual([translate('common:error.forbidden')]);
    for (const [status, text] of [
      [404, translate('common:error.notFound')],
      [500, translate('common:error.serverBuilding')],
      [503, translate('common:error.unavailable')],
      [409, 'stale version'],
    ] as const) {
      nextSecond();
      await failing(status, status === 409 ? 'stale version' : 'server text');
      expect(notices.at(-1)).toBe(text);
    }
  });

  it('screens that handle their own errors get no notice and no redirect', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { failed: true, code: 'hoth.x', message: 'bad' }));
    await expect(api.post('/oauth/oauth/token', { globalErrors: false })).rejects.toMatchObject({
      status: 401,
      code: 'hoth.x',
      message: 'bad',
    });
    expect(notices).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('gives up after 30 s', async () => {
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const pending = api.get('/slow', { globalErrors: false });
    const check = expect(pending).rejects.toMatchObject({ status: 0, code: 'timeout' });
    await vi.advanceTimersByTimeAsync(30_000);
    await check;
  });

  it('builds query strings', () => {
    expect(buildUrl('/a', { x: 'a b', y: null, z: 0 })).toBe('/a?x=a+b&z=0');
    expect(buildUrl('/a?k=1', { x: 1 })).toBe('/a?k=1&x=1');
  });
});

import { notifyError } from '../feedback';
import { changeLanguage, currentLanguage, translate } from '../i18n/i18n';
import { getAccessToken, LOCAL_KEYS, local, SESSION_KEYS, saveTokens, session } from '../storage';

// The one HTTP client of the console (spec 01 §8): fetch with a 30 s time-out, the bearer token and the
// interface language on every call, answers unwrapped to their body, and the global reaction to errors.

export const REQUEST_TIMEOUT_MS = 30_000;
export const ACCESS_TOKEN_EXPIRED = 'error.permission.accessTokenExpired';
/** Public client of the first-party console (ARCHITECTURE §5: the password grant). */
export const WEB_CLIENT = { client_id: 'web', client_secret: 'tilth-web' } as const;

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  query?: Query;
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  /** multipart/form-data body (uploads). */
  multipart?: FormData;
  /**
   * false: the caller shows its own error texts and a 401 does not end the session (sign-in, registration
   * and other public screens). Default true.
   */
  globalErrors?: boolean;
  /** false: do not send the access token. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A failed call: HTTP status (0 when the server was not reached), the server's code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

interface ClientHooks {
  navigate: (to: string) => void;
  currentPath: () => string;
  /** Called when the session ends on a 401 (drops caches, panes and the like). */
  onSessionEnd: () => void;
}

let hooks: ClientHooks = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
  onSessionEnd: () => undefined,
};

export const configureClient = (next: Partial<ClientHooks>): void => {
  hooks = { ...hooks, ...next };
};

export const buildUrl = (path: string, query?: Query): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
};

const readBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
};

const field = (body: unknown, key: string): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = Reflect.get(body, key);
  return typeof value === 'string' ? value : undefined;
};

const bodyOf = (options: RequestOptions): { body?: BodyInit; type?: string } => {
  if (options.multipart) return { body: options.multipart };
  if (options.form) {
    return { body: new URLSearchParams(options.form).toString(), type: 'application/x-www-form-urlencoded' };
  }
  if (options.json !== undefined) return { body: JSON.stringify(options.json), type: 'application/json' };
  return {};
};

interface Exchange {
  status: number;
  body: unknown;
}

async function exchange(method: Method, path: string, options: RequestOptions): Promise<Exchange> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const outer = options.signal;
  const forward = () => controller.abort();
  outer?.addEventListener('abort', forward, { once: true });

  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = options.auth === false ? null : getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const { body, type } = bodyOf(options);
  if (type) headers.set('Content-Type', type);

  try {
    const res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
    return { status: res.status, body: await readBody(res) };
  } catch (err) {
    // A caller's own cancellation (e.g. react-query) is passed through untouched.
    if (outer?.aborted) throw err;
    throw timedOut
      ? new ApiError(0, 'timeout', translate('common:error.timeout'))
      : new ApiError(0, 'network', translate('common:error.network'));
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}

// ---- token refresh: one attempt at a time, shared by every call that met an expired token ----

let refreshing: Promise<boolean> | null = null;

const refreshTokens = (): Promise<boolean> => {
  refreshing ??= (async () => {
    const refreshToken = local.get(LOCAL_KEYS.refreshToken);
    if (!refreshToken) return false;
    try {
      const { status, body } = await exchange('POST', '/oauth/oauth/token', {
        auth: false,
        form: { grant_type: 'refresh_token', refresh_token: refreshToken, ...WEB_CLIENT },
      });
      const access = field(body, 'access_token');
      if (status !== 200 || !access) return false;
      saveTokens(access, field(body, 'refresh_token'));
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/**
 * Gets a new access token with the refresh token (shared with any refresh under way); true when it did.
 * For links that outlive a token, such as the live device stream.
 */
export const refreshAccessToken = (): Promise<boolean> => refreshTokens();

// ---- the global reaction to errors ----

let ending = false;

/** The session is over: remember where the user was, forget the tokens, and go to the sign-in page. */
const endSession = async (text: string, expired: boolean): Promise<void> => {
  if (ending) return;
  ending = true;
  const here = hooks.currentPath();
  if (!here.startsWith('/login')) session.set(SESSION_KEYS.redirect, here);
  local.remove(LOCAL_KEYS.accessToken);
  local.remove(LOCAL_KEYS.refreshToken);
  hooks.onSessionEnd();
  try {
    // The language switch loads texts; if that fails the notice still shows in the current language.
    if (expired) await changeLanguage('zh-CN').catch(() => undefined);
    notifyError(expired ? translate('common:error.authExpired') : text);
  } finally {
    hooks.navigate('/login');
    setTimeout(() => {
      ending = false;
    }, 1000);
  }
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  403: 'common:error.forbidden',
  404: 'common:error.notFound',
  500: 'common:error.serverBuilding',
  503: 'common:error.unavailable',
};

const reactGlobally = (err: ApiError): void => {
  if (err.status === 401) {
    void endSession(err.message || translate('common:error.authExpired'), err.code === ACCESS_TOKEN_EXPIRED);
    return;
  }
  const key = STATUS_TEXT[err.status];
  notifyError(key ? translate(key) : err.message || translate('common:error.requestFailed'));
};

async function perform<T>(method: Method, path: string, options: RequestOptions, retry: boolean): Promise<T> {
  const global = options.globalErrors !== false;
  let result: Exchange;
  try {
    result = await exchange(method, path, options);
  } catch (err) {
    if (err instanceof ApiError && global) reactGlobally(err);
    throw err;
  }
  const { status, body } = result;
  if (status < 400) return body as T;

  const err = new ApiError(status, field(body, 'code') ?? `http.${status}`, field(body, 'message') ?? '');
  if (retry && status === 401 && err.code === ACCESS_TOKEN_EXPIRED && options.auth !== false) {
    if (await refreshTokens()) return perform<T>(method, path, options, false);
  }
  if (global) reactGlobally(err);
  throw err;
}

/**
 * One call. Resolves to the answer's body; rejects with an ApiError after the global reaction (a notice,
 * or the end of the session), so screens only handle what is theirs.
 */
export const request = <T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> =>
  perform<T>(method, path, options, true);

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Message of any failure, for screens that show their own error text. */
export const errorText = (err: unknown): string =>
  err instanceof Error && err.message ? err.message : translate('common:error.requestFailed');

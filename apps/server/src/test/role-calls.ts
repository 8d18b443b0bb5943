import type { ErrorBody } from '@tilth/contracts/common.types';
import { expect } from 'vitest';
import { auth, json, type RoleTokens, type TestServer } from './harness.js';

type Who = keyof RoleTokens;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Short-hands for a domain's JSON calls under `/wfpf/v1/{tenant}/{base}/…` as one of the signed-in roles
 * (English by default): `call` answers the response, `ok` expects 200 and answers the body, `refused`
 * expects a status (and code) and answers the error body.
 */
export const roleCalls = (s: TestServer, tok: RoleTokens, base: string, defaultTenant: number) => {
  const prefix = base ? `${base}/` : '';
  const call = (
    who: Who,
    method: Method,
    path: string,
    payload?: unknown,
    tenant = defaultTenant,
    lang = 'en-US',
  ) =>
    s.inject({
      method,
      url: `/wfpf/v1/${tenant}/${prefix}${path}`,
      headers: { ...auth(tok[who]), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T>(who: Who, method: Method, path: string, payload?: unknown, tenant = defaultTenant) => {
    const res = await call(who, method, path, payload, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  const refused = async (
    status: number,
    code: string | undefined,
    who: Who,
    method: Method,
    path: string,
    payload?: unknown,
    tenant = defaultTenant,
    lang = 'en-US',
  ): Promise<ErrorBody> => {
    const res = await call(who, method, path, payload, tenant, lang);
    expect(res.statusCode, res.body).toBe(status);
    const body = json<ErrorBody>(res);
    if (code) expect(body.code, res.body).toBe(code);
    return body;
  };
  return { call, ok, refused };
};

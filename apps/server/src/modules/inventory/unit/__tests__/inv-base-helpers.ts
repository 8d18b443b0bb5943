import type { ErrorBody, Page } from '@tilth/contracts/common.types';
import { expect } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

export type { ErrorBody, Page };

type Who = keyof RoleTokens;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A test server with tenant A's and B's tokens and short-hands for /inventory calls (English errors). */
export const invHarness = async () => {
  const s: TestServer = await startTestServer();
  const tok = await signInRoles(s);
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const call = (who: Who, method: Method, path: string, payload?: unknown, tenant = tA) =>
    s.inject({
      method,
      url: `/wfpf/v1/${tenant}/${path}`,
      headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T>(who: Who, method: Method, path: string, payload?: unknown, tenant = tA) => {
    const res = await call(who, method, path, payload, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  /** Expects a refusal with this status (and code, when given); answers the error body. */
  const refused = async (
    status: number,
    code: string | undefined,
    who: Who,
    method: Method,
    path: string,
    payload?: unknown,
    tenant = tA,
  ): Promise<ErrorBody> => {
    const res = await call(who, method, path, payload, tenant);
    expect(res.statusCode, res.body).toBe(status);
    const body = json<ErrorBody>(res);
    if (code) expect(body.code, res.body).toBe(code);
    return body;
  };
  const area = async (areaName: string, tenant = tA) =>
    (await ok<{ areaId: number }>(tenant === tA ? 'admin' : 'adminB', 'POST', 'area', { areaName }, tenant))
      .areaId;
  return { s, tok, tA, tB, call, ok, refused, area };
};
export type InvHarness = Awaited<ReturnType<typeof invHarness>>;

import type { AgriDoc, AgriInput, AgriMovement, AgriStock } from '@tilth/contracts/agricultural.types';
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

export type { AgriDoc, AgriInput, AgriMovement, AgriStock, ErrorBody, Page };

type Who = keyof RoleTokens;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A test server with tenant A's and B's tokens and short-hands for the agricultural calls. */
export const agriHarness = async () => {
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
  const ok = async <T>(
    who: Who,
    method: Method,
    path: string,
    payload?: unknown,
    tenant = tA,
  ): Promise<T> => {
    const res = await call(who, method, path, payload, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  const area = async (areaName: string, tenant = tA) =>
    (await ok<{ areaId: number }>(tenant === tA ? 'admin' : 'adminB', 'POST', 'area', { areaName }, tenant))
      .areaId;
  let n = 0;
  const input = async (extra: Record<string, unknown> = {}, tenant = tA) => {
    n += 1;
    return ok<AgriInput>(
      tenant === tA ? 'admin' : 'adminB',
      'POST',
      'agricultural/input',
      { inputName: `Input ${n}`, inputCode: `IN_${n}`, category: 'seed', unit: 'kg', price: 10, ...extra },
      tenant,
    );
  };
  const stock = async (areaId: number, inputId: number, tenant = tA): Promise<number> => {
    const page = await ok<Page<AgriStock>>(
      tenant === tA ? 'viewer' : 'adminB',
      'GET',
      `agricultural/stock?size=0&areaId=${areaId}&inputId=${inputId}`,
      undefined,
      tenant,
    );
    return page.content[0]?.quantity ?? 0;
  };
  const record = async (areaId: number, inputId: number) =>
    (
      await ok<Page<AgriMovement>>(
        'viewer',
        'GET',
        `agricultural/stock/record?size=0&areaId=${areaId}&inputId=${inputId}`,
      )
    ).content;
  return { s, tok, tA, tB, call, ok, area, input, stock, record };
};

/** Sum of signed movement quantities in thousandths (exact). */
export const recordSum = (rows: readonly AgriMovement[]): number =>
  rows.reduce((sum, r) => sum + Math.round(r.quantity * 1000), 0) / 1000;

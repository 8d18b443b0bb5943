import type { ErrorBody } from '@tilth/contracts/common.types';
import { expect } from 'vitest';
import type { TenantCtx } from '../../../../platform/http/context.js';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { canonicalHash } from '../chain.hash.js';
import { appendToChain, type ChainItem } from '../chain.ledger.js';

type Who = keyof RoleTokens;

/** A test server with role tokens, a way to seal blocks as publishing does, and the ledger's calls. */
export const chainHarness = async (env: Record<string, string> = {}) => {
  const s: TestServer = await startTestServer(env);
  const tok = await signInRoles(s);
  const A = s.fixtures.tenantA;
  const B = s.fixtures.tenantB;
  const call = (who: Who, method: 'GET' | 'POST', path: string, payload?: unknown, tenant = A) =>
    s.inject({
      method,
      url: `/wfpf/v1/${tenant}/trace/chain/${path}`,
      headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T>(who: Who, method: 'GET' | 'POST', path: string, payload?: unknown, tenant = A) => {
    const res = await call(who, method, path, payload, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  const refused = async (
    status: number,
    who: Who,
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
  ) => {
    const res = await call(who, method, path, payload);
    expect(res.statusCode, res.body).toBe(status);
    return json<ErrorBody>(res);
  };
  /** Seals one block in its own tenant transaction, as publishing does inside its own. */
  const append = (items: ChainItem[], tenant = A) =>
    s.platform.database.withTenant(tenant, (tx) =>
      appendToChain({ db: tx, tenantId: tenant, user: { id: 1 } } as unknown as TenantCtx, items),
    );
  /** A published record and its ledger item. */
  const record = (refId: number, extra: Record<string, unknown> = {}) => {
    const rec = { schema: 1, refId, product: { name: '西湖龙井', weight: '250 g' }, ...extra };
    const item: ChainItem = {
      kind: 'trace.record',
      refId,
      dataHash: canonicalHash(rec),
      meta: { traceBatchId: refId, batchCode: `TB-${refId}`, productName: '西湖龙井', version: 1 },
    };
    return { rec, item };
  };
  return { s, tok, A, B, call, ok, refused, append, record };
};
export type ChainHarness = Awaited<ReturnType<typeof chainHarness>>;

import type { ErrorBody, Page } from '@tilth/contracts/common.types';
import type { InvProduct, InvProductRow, InvSkuPick } from '@tilth/contracts/inventory.product.types';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { demoAdminCtx } from '../../../../platform/db/seed.js';
import type { TenantCtx } from '../../../../platform/http/context.js';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { postLedger } from '../../../stock/ledger/index.js';
import { invWarehouses } from '../../store/index.js';
import { invUnits } from '../../unit/index.js';
import { ensureStandard, ensureUnit } from '../demo.repository.js';

export type { ErrorBody, InvProduct, InvProductRow, InvSkuPick, Page };

type Who = keyof RoleTokens;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test server with tenant A's and B's tokens. Units, attributes and warehouses (part A's pages) are
 * written straight into their tables here, so these tests do not depend on those routes.
 */
export const productHarness = async () => {
  const s: TestServer = await startTestServer();
  const tok = await signInRoles(s);
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const call = (who: Who, method: Method, path: string, payload?: unknown, tenant = tA) =>
    s.inject({
      method,
      url: `/wfpf/v1/${tenant}/inventory/${path}`,
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
  const fails = async (status: number, who: Who, method: Method, path: string, payload?: unknown) => {
    const res = await call(who, method, path, payload);
    expect(res.statusCode, res.body).toBe(status);
    return json<ErrorBody>(res);
  };
  const inTenant = <T>(fn: (ctx: TenantCtx) => Promise<T>, tenant = tA): Promise<T> =>
    s.platform.database.withTenant(tenant, (tx) =>
      fn(demoAdminCtx(tx, tenant, s.fixtures.users.adminA.id) as TenantCtx),
    );
  const unit = (code: string, name: string, tenant = tA) =>
    inTenant((c) => ensureUnit(c.db, c.tenantId, c.user.id, code, name), tenant);
  const disableUnit = (code: string) =>
    inTenant(async (c) => {
      await c.db
        .update(invUnits)
        .set({ enabledFlag: 0 })
        .where(and(eq(invUnits.tenantId, c.tenantId), eq(invUnits.unitCode, code)));
    });
  const standard = (name: string, values: string[]) =>
    inTenant((c) => ensureStandard(c.db, c.tenantId, c.user.id, name, values));
  const warehouse = (code: string, tenant = tA) =>
    inTenant(async (c) => {
      const [w] = await c.db
        .insert(invWarehouses)
        .values({ tenantId: c.tenantId, warehouseCode: code, warehouseName: `仓库 ${code}` })
        .returning({ id: invWarehouses.id });
      return w?.id ?? 0;
    }, tenant);
  /** Puts stock of a SKU into a warehouse through the ledger engine. */
  const receive = (
    warehouseId: number,
    skuId: number,
    quantity: string,
    lotNo = '',
    location: 'stock' | 'transit' = 'stock',
  ) =>
    inTenant(async (c) => {
      const r = await postLedger(c.db, c.tenantId, c.user.id, [
        {
          book: 'inv',
          warehouseId,
          productId: skuId,
          lotNo,
          location,
          quantity,
          unitCost: '2',
          areaId: null,
          sourceType: 'test',
          sourceId: null,
          sourceCode: null,
          docDate: '2026-01-01',
        },
      ]);
      expect(r.ok).toBe(true);
    });
  return { s, tok, tA, tB, call, ok, fails, inTenant, unit, disableUnit, standard, warehouse, receive };
};

import type { ErrorBody, Page } from '@tilth/contracts/common.types';
import type { InvProduct, InvProductRow, InvSkuPick } from '@tilth/contracts/inventory.product.types';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../../../platform/db/client.js';
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
import { invStandards, invStandardValues } from '../../standard/index.js';
import { invWarehouses } from '../../store/index.js';
import { invUnits } from '../../unit/index.js';
import { DEMO_PRODUCT_STANDARDS, DEMO_PRODUCT_UNITS, seedInvProducts } from '../index.js';

/** A unit by code, made when missing (tests stand in for base/unit's pages). */
const ensureUnit = async (c: TenantCtx, unitCode: string, unitName: string): Promise<number> => {
  await c.db.insert(invUnits).values({ tenantId: c.tenantId, unitCode, unitName }).onConflictDoNothing();
  const [r] = await c.db
    .select({ id: invUnits.id })
    .from(invUnits)
    .where(and(eq(invUnits.tenantId, c.tenantId), eq(invUnits.unitCode, unitCode)));
  return r?.id ?? 0;
};

/** An attribute by name with its values, made when missing (stands in for base/standard). */
const ensureStandard = async (
  c: TenantCtx,
  standardName: string,
  values: readonly string[],
): Promise<number> => {
  await c.db.insert(invStandards).values({ tenantId: c.tenantId, standardName }).onConflictDoNothing();
  const [s] = await c.db
    .select({ id: invStandards.id })
    .from(invStandards)
    .where(and(eq(invStandards.tenantId, c.tenantId), eq(invStandards.standardName, standardName)));
  const standardId = s?.id ?? 0;
  await c.db
    .insert(invStandardValues)
    .values(values.map((valueName, sortNo) => ({ tenantId: c.tenantId, standardId, valueName, sortNo })))
    .onConflictDoNothing();
  return standardId;
};

/**
 * The demo products in a tenant for suites that walk every route (put-roundtrip): the units and attributes
 * they name are made first, as base/unit's and base/standard's seeds would.
 */
export const seedProductsForSuites = async (
  database: Database,
  ids: { demoTenant: number; secondTenant: number; users: Record<string, number> },
): Promise<void> => {
  await database.withTenant(ids.demoTenant, async (tx) => {
    const c = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0) as TenantCtx;
    for (const [code, name] of DEMO_PRODUCT_UNITS) await ensureUnit(c, code, name);
    for (const [name, values] of Object.values(DEMO_PRODUCT_STANDARDS)) await ensureStandard(c, name, values);
  });
  await seedInvProducts(database, ids);
};

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
    inTenant((c) => ensureUnit(c, code, name), tenant);
  const disableUnit = (code: string) =>
    inTenant(async (c) => {
      await c.db
        .update(invUnits)
        .set({ enabledFlag: 0 })
        .where(and(eq(invUnits.tenantId, c.tenantId), eq(invUnits.unitCode, code)));
    });
  const standard = (name: string, values: string[]) => inTenant((c) => ensureStandard(c, name, values));
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

import type { ErrorBody, Page } from '@tilth/contracts/common.types';
import type { InvConvertAnswer, InvDoc, InvDocDetail } from '@tilth/contracts/inventory.document.types';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { stockBalances } from '../../../stock/ledger/index.js';
import { invBusinesses } from '../../business/index.js';
import { invOptions } from '../../option/index.js';
import { invProducts, invSkus } from '../../product/index.js';
import { invWarehouses } from '../../store/index.js';
import { invUnits } from '../../unit/index.js';

export type { ErrorBody, InvConvertAnswer, InvDoc, InvDocDetail, Page };

type Who = keyof RoleTokens;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const one = <T>(x: T | undefined): T => {
  if (x === undefined) throw new Error('seed row missing');
  return x;
};

/** Base rows of one tenant, written straight to the tables (parts A and B own their APIs). */
export interface Base {
  pcs: number;
  box: number;
  /** Negative stock not allowed. */
  w1: number;
  w2: number;
  /** Negative stock allowed. */
  wNeg: number;
  supplier: number;
  customer: number;
  /** Stock unit 件, purchase unit 箱 = 12 件, cost 2.00. */
  apple: number;
  appleProduct: number;
  /** Tracks lot and expiry. */
  milk: number;
  /** A disabled SKU. */
  old: number;
}

export const seedBase = async (s: TestServer, tenantId: number): Promise<Base> =>
  s.platform.database.withTenant(tenantId, async (tx) => {
    const [pcs, box] = await tx
      .insert(invUnits)
      .values([
        { tenantId, unitName: '件', unitCode: 'PCS' },
        { tenantId, unitName: '箱', unitCode: 'BOX' },
      ])
      .returning();
    const [w1, w2, wNeg] = await tx
      .insert(invWarehouses)
      .values([
        { tenantId, warehouseCode: 'W1', warehouseName: '一号仓' },
        { tenantId, warehouseCode: 'W2', warehouseName: '二号仓' },
        { tenantId, warehouseCode: 'WN', warehouseName: '负库存仓', allowNegative: 1 },
      ])
      .returning();
    const [supplier, customer] = await tx
      .insert(invBusinesses)
      .values([
        { tenantId, businessCode: 'S1', businessName: '供应商', category: 'supplier' },
        { tenantId, businessCode: 'C1', businessName: '客户', category: 'customer' },
      ])
      .returning();
    const u = { stockUnitId: one(pcs).id, purchaseUnitId: one(box).id, retailUnitId: one(pcs).id };
    const [apple, milk, old] = await tx
      .insert(invProducts)
      .values([
        {
          tenantId,
          productCode: 'APPLE',
          productName: '苹果',
          productType: 'goods',
          ...u,
          purchaseFactor: '12',
          costPrice: '2.00',
        },
        {
          tenantId,
          productCode: 'MILK',
          productName: '牛奶',
          productType: 'goods',
          ...u,
          tracksLot: 1,
          tracksExpiry: 1,
        },
        { tenantId, productCode: 'OLD', productName: '旧货', productType: 'goods', ...u, enabledFlag: 0 },
      ])
      .returning();
    const skus = await tx
      .insert(invSkus)
      .values([
        { tenantId, productId: one(apple).id, skuCode: 'APPLE' },
        { tenantId, productId: one(milk).id, skuCode: 'MILK' },
        { tenantId, productId: one(old).id, skuCode: 'OLD', enabledFlag: 0 },
      ])
      .returning();
    return {
      pcs: one(pcs).id,
      box: one(box).id,
      w1: one(w1).id,
      w2: one(w2).id,
      wNeg: one(wNeg).id,
      supplier: one(supplier).id,
      customer: one(customer).id,
      apple: one(skus[0]).id,
      appleProduct: one(apple).id,
      milk: one(skus[1]).id,
      old: one(skus[2]).id,
    };
  });

/** A test server with tenant A's and B's base rows and short-hands for the document calls. */
export const docHarness = async () => {
  const s = await startTestServer();
  const tok = await signInRoles(s);
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const a = await seedBase(s, tA);
  const b = await seedBase(s, tB);
  const call = (who: Who, method: Method, path: string, payload?: unknown, tenant = tA) =>
    s.inject({
      method,
      url: `/wfpf/v1/${tenant}/inventory/${path}`,
      headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T = InvDocDetail>(
    who: Who,
    method: Method,
    path: string,
    payload?: unknown,
    tenant = tA,
  ) => {
    const res = await call(who, method, path, payload, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  const fail = async (status: number, who: Who, method: Method, path: string, payload?: unknown) => {
    const res = await call(who, method, path, payload);
    expect(res.statusCode, res.body).toBe(status);
    return json<ErrorBody>(res);
  };
  const create = (body: Record<string, unknown>) => ok('admin', 'POST', 'documents', body);
  const get = (id: number) => ok('admin', 'GET', `documents/${id}`);
  /** Executes every remaining line of an approved inbound / outbound. */
  const executeAll = async (d: InvDocDetail) =>
    ok('admin', 'POST', `documents/${d.id}/execute`, {
      objectVersionNumber: d.objectVersionNumber,
      lines: d.lines
        .filter((l) => l.remainingQty > 0)
        .map((l) => ({ lineId: l.id, quantity: l.remainingQty })),
    });
  /** Stock units held at (warehouse, sku, lot, location), as a number. */
  const held = async (warehouseId: number, skuId: number, location = 'stock', lotNo = '', tenant = tA) =>
    s.platform.database.withTenant(tenant, async (tx) => {
      const [r] = await tx
        .select({ q: stockBalances.quantity })
        .from(stockBalances)
        .where(
          and(
            eq(stockBalances.tenantId, tenant),
            eq(stockBalances.warehouseId, warehouseId),
            eq(stockBalances.productId, skuId),
            eq(stockBalances.lotNo, lotNo),
            eq(stockBalances.location, location),
          ),
        );
      return Number(r?.q ?? 0);
    });
  const setPolicy = (shortagePolicy: 'block' | 'warn', tenant = tA) =>
    s.platform.database.withTenant(tenant, async (tx) => {
      await tx
        .insert(invOptions)
        .values({ tenantId: tenant, shortagePolicy })
        .onConflictDoUpdate({ target: invOptions.tenantId, set: { shortagePolicy } });
    });
  /** Receives qty 件 of a SKU into a warehouse (created, submitted, executed). */
  const receive = async (
    warehouseId: number,
    skuId: number,
    quantity: number,
    extra: Record<string, unknown> = {},
  ) => {
    const d = await create({
      docType: 'warehousing',
      bizType: 'other',
      warehouseId,
      submit: true,
      lines: [{ skuId, unitId: a.pcs, quantity, unitPrice: 3, ...extra }],
    });
    return executeAll(d);
  };
  return { s, tok, tA, tB, a, b, call, ok, fail, create, get, executeAll, held, setPolicy, receive };
};

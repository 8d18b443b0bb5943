import type { TraceProduct } from '@tilth/contracts/trace-catalog.types';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
  uploadFile,
} from '../../../../test/harness.js';
import { roleCalls } from '../../../../test/role-calls.js';
import { areas } from '../../../farm/area/index.js';
import { batches } from '../../../farm/batch/index.js';
import { crops } from '../../../farm/crop/index.js';

type Who = keyof RoleTokens;

/** A test server with tenant A's and B's tokens and short-hands for the trace catalogue calls. */
export const catalogHarness = async () => {
  const s: TestServer = await startTestServer();
  const tok = await signInRoles(s);
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const adminOf = (tenant: number): Who => (tenant === tA ? 'admin' : 'adminB');
  const { call, ok, refused } = roleCalls(s, tok, 'trace', tA);

  let n = 0;
  /** A crop of `tenant` (written as the crop domain stores it). */
  const crop = (name: string, tenant = tA) =>
    s.platform.database.withTenant(tenant, async (tx) => {
      const [r] = await tx
        .insert(crops)
        .values({ tenantId: tenant, cropName: name })
        .returning({ id: crops.id });
      return r?.id ?? 0;
    });
  /** A farm batch of `tenant` with this status (harvested ones carry a harvest date and quantity). */
  const farmBatch = (cropId: number, status: 'growing' | 'harvested' | 'closed', tenant = tA, qty = 1000) =>
    s.platform.database.withTenant(tenant, async (tx) => {
      n += 1;
      const [a] = await tx
        .insert(areas)
        .values({
          tenantId: tenant,
          areaName: `基地${n}`,
          organizationType: 'base',
        } as typeof areas.$inferInsert)
        .returning({ id: areas.id });
      const [r] = await tx
        .insert(batches)
        .values({
          tenantId: tenant,
          batchCode: `FB-${n}`,
          batchName: `批次${n}`,
          areaId: a?.id ?? 0,
          cropId,
          startDate: '2026-03-01',
          status,
          unit: 'kg',
          ...(status === 'growing' ? {} : { harvestDate: '2026-07-01', harvestQuantity: String(qty) }),
        })
        .returning({ id: batches.id });
      return r?.id ?? 0;
    });
  /** Uploads a small JPEG and answers its file URL. */
  const picture = async (tenant = tA) => {
    const jpg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const res = await uploadFile(s, tok[adminOf(tenant)], tenant, 'pic.jpg', jpg);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ fileUrl: string }>(res).fileUrl;
  };
  /** A traced product made through the API. */
  const product = (cropId: number, extra: Record<string, unknown> = {}, tenant = tA) => {
    n += 1;
    return ok<TraceProduct>(
      adminOf(tenant),
      'POST',
      'products',
      { productName: `产品${n}`, cropId, placeOfOrigin: '福建安溪', shelfLifeDays: 365, ...extra },
      tenant,
    );
  };
  return { s, tok, tA, tB, call, ok, refused, crop, farmBatch, picture, product };
};
export type CatalogHarness = Awaited<ReturnType<typeof catalogHarness>>;

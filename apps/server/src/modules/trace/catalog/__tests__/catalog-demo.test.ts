import type { Page } from '@tilth/contracts/common.types';
import type {
  TraceBatchDetail,
  TraceBusiness,
  TraceOutlet,
  TraceProduct,
} from '@tilth/contracts/trace-catalog.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoExtras } from '../../../demo/demo.extras.js';
import { DEMO_TRACE_LOT, seedDemoTraceCatalog } from '../index.js';
import { type CatalogHarness, catalogHarness } from './catalog-helpers.js';

let h: CatalogHarness;
let ids: Parameters<typeof seedDemoTraceCatalog>[1];
beforeAll(async () => {
  h = await catalogHarness();
  const u = h.s.fixtures.users;
  ids = {
    demoTenant: h.tA,
    secondTenant: h.tB,
    users: { demo: u.adminA.id, operator: u.operatorA.id, viewer: u.viewerA.id },
  };
  for (const extra of demoExtras) await extra(h.s.platform.database, ids);
}, 180_000);
afterAll(async () => {
  await h.s.close();
});

describe('the demo trace catalogue', () => {
  it('has the business profile, 3 shops, 2 online stores, 2 products and a lot of the harvested tomatoes', async () => {
    const biz = await h.ok<TraceBusiness>('admin', 'GET', 'business');
    expect(biz).toMatchObject({ creditCode: '91440113MA5D00001M', codePrefix: 'TILTH' });
    const shops = await h.ok<Page<TraceOutlet>>('admin', 'GET', 'outlets?kind=store');
    const online = await h.ok<Page<TraceOutlet>>('admin', 'GET', 'outlets?kind=online');
    expect([shops.totalElements, online.totalElements]).toEqual([3, 2]);
    const products = await h.ok<Page<TraceProduct>>('admin', 'GET', 'products');
    expect(products.content.map((p) => [p.cropName, p.gtin]).sort()).toEqual([
      ['Rice', null],
      ['Tomato', '06901234567892'],
    ]);
    const list = await h.ok<Page<{ traceBatchId: number }>>(
      'admin',
      'GET',
      `batches?batchCode=${DEMO_TRACE_LOT}`,
    );
    const lot = await h.ok<TraceBatchDetail>('admin', 'GET', `batches/${list.content[0]?.traceBatchId}`);
    expect(lot).toMatchObject({ status: 'draft', productName: '示范农场粉冠番茄' });
    expect(lot.sources).toEqual([expect.objectContaining({ status: 'harvested', cropName: 'Tomato' })]);
    expect(lot.inspections[0]?.result).toBe('pass');
    // Seeded once.
    await seedDemoTraceCatalog(h.s.platform.database, ids);
    expect((await h.ok<Page<TraceProduct>>('admin', 'GET', 'products')).totalElements).toBe(2);
  });
});

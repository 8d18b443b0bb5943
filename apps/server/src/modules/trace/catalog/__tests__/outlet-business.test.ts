import type { Page } from '@tilth/contracts/common.types';
import type { TraceBusiness, TraceOutlet, TraceProduct } from '@tilth/contracts/trace-catalog.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogHarness, catalogHarness } from './catalog-helpers.js';

let h: CatalogHarness;
beforeAll(async () => {
  h = await catalogHarness();
});
afterAll(async () => {
  await h.s.close();
});

const online = (extra: Record<string, unknown> = {}) => ({
  kind: 'online',
  outletName: '天猫旗舰店',
  platform: 'tmall',
  url: 'https://farm.tmall.com/shop',
  ...extra,
});

describe('outlets', () => {
  it('creates shops and online stores, lists each kind apart with filters, edits and deletes', async () => {
    const shop = await h.ok<TraceOutlet>('admin', 'POST', 'outlets', {
      kind: 'store',
      outletName: '直营店',
      address: '番禺区沙湾镇',
      location: ' 22.9066 , 113.3263 ',
      phone: '020-8888 6001',
      openingHours: '08:00–20:00',
    });
    expect(shop).toMatchObject({
      kind: 'store',
      location: '22.9066,113.3263',
      platform: null,
      url: null,
      enabledFlag: 1,
    });
    const web = await h.ok<TraceOutlet>('admin', 'POST', 'outlets', online());
    const shops = await h.ok<Page<TraceOutlet>>('admin', 'GET', 'outlets?kind=store');
    expect(shops.content.map((o) => o.outletId)).toEqual([shop.outletId]);
    const webs = await h.ok<Page<TraceOutlet>>('admin', 'GET', 'outlets?kind=online&outletName=天猫');
    expect(webs.content.map((o) => o.outletId)).toEqual([web.outletId]);
    const edited = await h.ok<TraceOutlet>('admin', 'PUT', 'outlets', { ...shop, enabledFlag: 0 });
    expect(edited).toMatchObject({ enabledFlag: 0, objectVersionNumber: 2, kind: 'store' });
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'outlets', {
      ...shop,
      outletName: 'x',
    });
    await h.refused(409, 'wfpf.trace.outlet.nameTaken', 'admin', 'POST', 'outlets', online());
    // A product listing the shop stops listing it when the shop goes.
    const tea = await h.crop('茶叶');
    const p = await h.product(tea, { outletIds: [shop.outletId, web.outletId] });
    await h.ok('admin', 'DELETE', `outlets/${shop.outletId}`);
    const after = await h.ok<TraceProduct>('admin', 'GET', `products/${p.traceProductId}`);
    expect(after.outletIds).toEqual([web.outletId]);
  });

  it('takes only https addresses for online stores and a valid lat,lng; refuses without changing anything', async () => {
    for (const url of [
      'http://farm.tmall.com',
      'javascript:alert(1)',
      'ftp://x.example',
      'https://user:pw@x.example',
      'not a url',
    ]) {
      const body = await h.refused(
        400,
        'wfpf.trace.httpsOnly',
        'admin',
        'POST',
        'outlets',
        online({ outletName: `店${url}`, url }),
      );
      expect(body.message).toContain('url');
    }
    await h.refused(
      400,
      'wfpf.trace.outlet.platformRequired',
      'admin',
      'POST',
      'outlets',
      online({ outletName: '无平台', platform: null }),
    );
    await h.refused(
      400,
      undefined,
      'admin',
      'POST',
      'outlets',
      online({ outletName: '怪平台', platform: 'amazon' }),
    );
    await h.refused(400, 'wfpf.trace.outlet.addressRequired', 'admin', 'POST', 'outlets', {
      kind: 'store',
      outletName: '无地址',
    });
    for (const location of ['91,113', '23,181', 'abc', '23.1']) {
      const body = await h.refused(400, 'error.validation', 'admin', 'POST', 'outlets', {
        kind: 'store',
        outletName: `坐标${location}`,
        address: '某地',
        location,
      });
      expect(body.message).toContain('location');
    }
    const webs = await h.ok<Page<TraceOutlet>>('admin', 'GET', 'outlets?kind=online&size=0');
    expect(webs.content.every((o) => o.url?.startsWith('https://'))).toBe(true);
  });

  it('another tenant sees and changes none of them; the viewer cannot write', async () => {
    const mine = await h.ok<TraceOutlet>(
      'admin',
      'POST',
      'outlets',
      online({ outletName: '京东店', platform: 'jd', url: 'https://jd.example' }),
    );
    const theirs = await h.ok<Page<TraceOutlet>>('adminB', 'GET', 'outlets?kind=online', undefined, h.tB);
    expect(theirs.totalElements).toBe(0);
    await h.refused(404, undefined, 'adminB', 'PUT', 'outlets', { ...mine }, h.tB);
    await h.refused(404, undefined, 'adminB', 'DELETE', `outlets/${mine.outletId}`, undefined, h.tB);
    await h.refused(403, undefined, 'viewer', 'POST', 'outlets', online({ outletName: '访客店' }));
    await h.ok('viewer', 'GET', 'outlets?kind=online');
  });
});

describe('business profile', () => {
  const profile = (extra: Record<string, unknown> = {}) => ({
    businessName: '示范农场有限公司',
    creditCode: '91440113ma5d00001m',
    website: 'https://farm.example',
    codePrefix: 'tilth',
    ...extra,
  });

  it('is null before the first save, then created and edited with its version (stale → 409)', async () => {
    expect(await h.ok<TraceBusiness | null>('admin', 'GET', 'business')).toBeNull();
    const logo = await h.picture();
    const b = await h.ok<TraceBusiness>('admin', 'PUT', 'business', profile({ logoUrl: logo }));
    expect(b).toMatchObject({
      creditCode: '91440113MA5D00001M',
      codePrefix: 'TILTH',
      logoUrl: logo,
      objectVersionNumber: 1,
    });
    // A second "first save" is stale: the profile exists.
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'business', profile());
    const edited = await h.ok<TraceBusiness>('admin', 'PUT', 'business', { ...b, address: '番禺区' });
    expect(edited).toMatchObject({ address: '番禺区', objectVersionNumber: 2 });
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'business', {
      ...b,
      address: '旧',
    });
    expect(await h.ok<TraceBusiness | null>('adminB', 'GET', 'business', undefined, h.tB)).toBeNull();
  });

  it('checks the credit code (GB 32100-2015), https website and code prefix, naming the field', async () => {
    const current = await h.ok<TraceBusiness>('admin', 'GET', 'business');
    for (const creditCode of [
      '91440113MA5D00001N',
      '91440113MA5D0000',
      '91440113MA5D00001I',
      '91350100M000100Y4X',
    ]) {
      const body = await h.refused(400, 'wfpf.trace.business.creditCodeInvalid', 'admin', 'PUT', 'business', {
        ...current,
        creditCode,
      });
      expect(body.message).toContain('creditCode');
    }
    // A real published example (GB 32100-2015 sample) passes.
    await h.ok('admin', 'PUT', 'business', { ...current, creditCode: '91350100M000100Y43' });
    const now = await h.ok<TraceBusiness>('admin', 'GET', 'business');
    await h.refused(400, 'wfpf.trace.httpsOnly', 'admin', 'PUT', 'business', {
      ...now,
      website: 'http://farm.example',
    });
    for (const codePrefix of ['A', 'ABCDEFGHI', 'AB-1']) {
      const body = await h.refused(400, undefined, 'admin', 'PUT', 'business', { ...now, codePrefix });
      expect(body.message).toContain('codePrefix');
    }
    const zh = await h.refused(
      400,
      undefined,
      'admin',
      'PUT',
      'business',
      { ...now, creditCode: 'X' },
      h.tA,
      'zh-CN',
    );
    expect(zh.message).toContain('统一社会信用代码');
    expect((await h.ok<TraceBusiness>('admin', 'GET', 'business')).objectVersionNumber).toBe(
      now.objectVersionNumber,
    );
  });
});

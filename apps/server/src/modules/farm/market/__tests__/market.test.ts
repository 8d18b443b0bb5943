import type {
  ErrorBody,
  MarketDetail,
  MarketInfo,
  Page,
  PriceImportFailure,
  PriceImportResult,
} from '@tilth/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as todayIn } from '../../../../platform/time/zone.js';
import {
  auth,
  json,
  login,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { seedVegetablePrices } from '../market.demo.js';

// The fixture tenants keep the default zone; a test that moves one names its own.
const ZONE = 'Asia/Shanghai';

let s: TestServer;
let tok: RoleTokens;
let platform: string;
const base = '/wfpf/v1/0/vegetable-price';

const HEADER = 'market,province,city,product,category,unit,min,avg,max,date';
const CSV = [
  '# test data',
  HEADER,
  '江南市场,广东,广州,菜心,叶菜类,kg,3.00,3.50,4.00,2026-05-01',
  '江南市场,广东,广州,菜心,叶菜类,kg,3.10,3.60,4.20,2026-05-02',
  '江南市场,广东,广州,番茄,茄果类,kg,4.00,4.80,5.50,2026-05-02',
  '新发地,北京,北京,菜心,叶菜类,kg,,5.00,,2026-05-02',
  '新发地,北京,北京,土豆,根茎类,kg,2.00,2.40,2.90,2026-05-01',
].join('\n');

const upload = (token: string, content: Buffer | string, name = 'prices.csv', lang = 'zh-CN') => {
  const fd = new FormData();
  fd.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  return s.inject({
    method: 'POST',
    url: `${base}/import`,
    headers: { ...auth(token), 'accept-language': lang },
    payload: fd,
  });
};
const get = (url: string, token = tok.viewer) => s.inject({ method: 'GET', url, headers: auth(token) });

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  platform = await login(s, 'platform');
});
afterAll(async () => {
  await s.close();
});

describe('vegetable price import', () => {
  it('the platform administrator imports a CSV; a second import updates on (market, product, date)', async () => {
    const res = await upload(platform, CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<PriceImportResult>(res)).toEqual({ rows: 5, inserted: 5, updated: 0, marketsCreated: 2 });
    const again = await upload(
      platform,
      `${HEADER}\n江南市场,广东,广州,菜心,叶菜类,kg,3.20,3.70,4.30,2026-05-02\n江南市场,广东,广州,生菜,叶菜类,kg,2,2.5,3,2026-05-02`,
    );
    expect(json<PriceImportResult>(again)).toEqual({ rows: 2, inserted: 1, updated: 1, marketsCreated: 0 });
  });

  it('imports an Excel .xlsx with Chinese headers and date cells', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('价格');
    ws.addRow(['市场', '省份', '城市', '品名', '类别', '单位', '最低价', '平均价', '最高价', '日期']);
    ws.addRow([
      '寿光物流园',
      '山东',
      '潍坊',
      '黄瓜',
      '瓜类',
      'kg',
      2.1,
      2.5,
      2.9,
      new Date(Date.UTC(2026, 4, 2)),
    ]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(platform, buf, '价格.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(json<PriceImportResult>(res)).toMatchObject({ inserted: 1, marketsCreated: 1 });
  });

  it('rejects a file with bad rows as a whole, listing each row and its problem', async () => {
    const before = json<Page<MarketInfo>>(await get(`${base}/market/info?size=0`));
    const bad = [
      HEADER,
      '江南市场,广东,广州,菜心,叶菜类,kg,3.00,3.55,4.00,2026-05-03', // fine, but must not be written
      '江南市场,广东,广州,番茄,茄果类,kg,5.00,4.80,5.50,2026-05-03', // min > avg
      '江南市场,广东,广州,黄瓜,瓜类,kg,1,2.123,3,2026-05-03', // 3 decimals
      '江南市场,广东,广州,茄子,茄果类,kg,1,2,3,2026-02-30', // not a real day
      ',广东,广州,茄子,茄果类,kg,1,2,3,2026-05-03', // no market
      '江南市场,广东,广州,菜心,叶菜类,kg,3.00,3.55,4.00,2026-05-03', // duplicate of line 2
      '江南市场,广东,广州,冬瓜,瓜类,kg,1,100000,100001,2026-05-03', // too high
    ].join('\n');
    const res = await upload(platform, bad, 'bad.csv', 'en-US');
    expect(res.statusCode).toBe(400);
    const body = json<PriceImportFailure>(res);
    expect(body.code).toBe('wfpf.vegetablePrice.invalidRows');
    expect(body.message).toMatch(/6 rows have errors; nothing was imported/);
    expect(body.errors.map((e) => e.row)).toEqual([3, 4, 5, 6, 7, 8, 8]);
    expect(body.errors[0]?.message).toMatch(/min ≤ avg ≤ max/);
    expect(body.errors[1]?.message).toMatch(/at most 2 decimals/);
    expect(body.errors[2]?.message).toMatch(/not a real date/);
    expect(body.errors[3]?.message).toMatch(/market is required/);
    expect(body.errors[4]?.message).toMatch(/duplicates row 2/);
    const after = json<Page<MarketInfo>>(await get(`${base}/market/info?size=0`));
    expect(after).toEqual(before);
  });

  it('refuses files without the required columns, empty files, non-files and non-administrators', async () => {
    const noCols = await upload(platform, 'a,b\n1,2', 'x.csv', 'en-US');
    expect(noCols.statusCode).toBe(400);
    expect(json<ErrorBody>(noCols).message).toMatch(/Missing required columns: market, product, avg, date/);
    expect((await upload(platform, HEADER)).statusCode).toBe(400);
    expect((await upload(platform, 'PK garbage', 'x.xlsx')).statusCode).toBe(400);
    const notMultipart = await s.inject({
      method: 'POST',
      url: `${base}/import`,
      headers: auth(platform),
      payload: { a: 1 },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect((await upload(tok.admin, CSV)).statusCode).toBe(403);
    const anon = await s.inject({ method: 'POST', url: `${base}/import`, payload: {} });
    expect(anon.statusCode).toBe(401);
  });
});

describe('vegetable price reading', () => {
  it("members of any tenant read markets with their latest day's prices, filtered and paged", async () => {
    for (const t of [tok.viewer, tok.adminB]) {
      const res = await get(`${base}/market/info?size=0`, t);
      expect(res.statusCode, res.body).toBe(200);
      const names = json<Page<MarketInfo>>(res).content.map((m) => m.marketName);
      // Ordered by province, then name (the order of Chinese text depends on the database collation).
      expect([...names].sort()).toEqual(['寿光物流园', '新发地', '江南市场'].sort());
    }
    const page = json<Page<MarketInfo>>(await get(`${base}/market/info?province=广东`));
    expect(page.totalElements).toBe(1);
    const jn = page.content[0];
    expect(jn).toMatchObject({
      marketName: '江南市场',
      province: '广东',
      city: '广州',
      latestDate: '2026-05-02',
    });
    expect(jn?.prices.map((p) => [p.productName, p.avgPrice]).sort()).toEqual([
      ['生菜', 2.5],
      ['番茄', 4.8],
      ['菜心', 3.7],
    ]);
    const kw = json<Page<MarketInfo>>(await get(`${base}/market/info?keyword=${encodeURIComponent('菜心')}`));
    const byName = kw.content.map((m) => [m.marketName, m.prices.map((p) => p.productName)]);
    expect(byName.sort()).toEqual([
      ['新发地', ['菜心']],
      ['江南市场', ['菜心']],
    ]);
    // 土豆 was priced at 新发地 only on an earlier day than its latest.
    const old = json<Page<MarketInfo>>(
      await get(`${base}/market/info?keyword=${encodeURIComponent('土豆')}`),
    );
    expect(old.totalElements).toBe(0);
    const paged = json<Page<MarketInfo>>(await get(`${base}/market/info?page=1&size=2`));
    expect(paged).toMatchObject({ totalElements: 3, totalPages: 2, number: 1 });
    expect(paged.content).toHaveLength(1);
  });

  it("answers a market's products with their 30-day history, or one product's", async () => {
    const list = json<Page<MarketInfo>>(await get(`${base}/market/info?province=广东`));
    const id = list.content[0]?.id ?? 0;
    const res = await get(`${base}/market/detail/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = json<MarketDetail>(res);
    expect(d.latestDate).toBe('2026-05-02');
    const caixin = d.products.find((p) => p.productName === '菜心');
    expect(caixin?.latest).toMatchObject({
      avgPrice: 3.7,
      minPrice: 3.2,
      maxPrice: 4.3,
      priceDate: '2026-05-02',
    });
    expect(caixin?.history).toEqual([
      { priceDate: '2026-05-01', minPrice: 3, avgPrice: 3.5, maxPrice: 4 },
      { priceDate: '2026-05-02', minPrice: 3.2, avgPrice: 3.7, maxPrice: 4.3 },
    ]);
    const one = json<MarketDetail>(
      await get(`${base}/market/detail/${id}?productName=${encodeURIComponent('番茄')}`),
    );
    expect(one.products.map((p) => p.productName)).toEqual(['番茄']);
    expect((await get(`${base}/market/detail/999999`)).statusCode).toBe(404);
    expect((await get(`${base}/market/detail/abc`)).statusCode).toBe(400);
    expect((await s.inject({ method: 'GET', url: `${base}/market/info` })).statusCode).toBe(401);
  });

  it('the demo seed loads the sample file with its last day moved to today, once', async () => {
    const fresh = await startTestServer();
    try {
      const ids = { demoTenant: fresh.fixtures.tenantA, secondTenant: fresh.fixtures.tenantB, users: {} };
      await seedVegetablePrices(fresh.platform.database, ids);
      await seedVegetablePrices(fresh.platform.database, ids);
      const viewer = await login(fresh, 'viewerA');
      const read = (url: string) => fresh.inject({ method: 'GET', url, headers: auth(viewer) });
      const res = json<Page<MarketInfo>>(await read(`${base}/market/info?size=0`));
      const gd = res.content.filter((m) => m.province === '广东');
      expect(res.totalElements).toBeGreaterThanOrEqual(10);
      expect(gd.length).toBeGreaterThanOrEqual(4);
      expect(gd[0]?.latestDate).toBe(todayIn(ZONE));
      expect(gd[0]?.prices.length).toBeGreaterThanOrEqual(15);
      const d = json<MarketDetail>(await read(`${base}/market/detail/${gd[0]?.id}`));
      expect(d.products[0]?.history).toHaveLength(30);
    } finally {
      await fresh.close();
    }
  });
});

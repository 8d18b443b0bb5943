import type { Page } from '@tilth/contracts/common.types';
import type { TracePublicRecord } from '@tilth/contracts/trace.types';
import { verifyProof } from '@tilth/contracts/trace-chain.proof';
import type {
  TracePublicProof,
  TracePublishAnswer,
  TraceRecordVersion,
} from '@tilth/contracts/trace-public.types';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../../../platform/db/rls.js';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { traceRecords } from '../../catalog/index.js';
import { chainBlocks, NODE_HASHES } from '../../chain/index.js';
import { type Season, seedSeason } from './trace-fixtures.js';

// Publishing a trace batch and its signed-out page (issue 18 item 3): what the record holds, versions,
// refusals, the page's content and verdict, tampering found, and nothing of another tenant or of an
// unpublished batch.

let s: TestServer;
let tok: RoleTokens;
let tA: number;
let tB: number;
let main: Season;
let hostile: Season;
let draft: Season;
let green: Season;
let other: Season;

const api = (who: keyof RoleTokens, method: 'GET' | 'POST', path: string, payload?: unknown, tenant = tA) =>
  s.inject({
    method,
    url: `/wfpf/v1/${tenant}/${path}`,
    headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const get = (url: string, lang = 'zh-CN') =>
  s.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
const publish = async (b: Season, ovn: number, tenant = tA, who: keyof RoleTokens = 'admin') => {
  const res = await api(
    who,
    'POST',
    `trace/batches/${b.traceBatchId}/publish`,
    { objectVersionNumber: ovn },
    tenant,
  );
  expect(res.statusCode, res.body).toBe(200);
  return json<TracePublishAnswer>(res);
};
const storedRecord = (tenant: number, id: number) =>
  s.platform.database.withTenant(tenant, async (tx) => {
    const [r] = await tx
      .select({ record: traceRecords.record, version: traceRecords.version })
      .from(traceRecords)
      .where(eq(traceRecords.traceBatchId, id))
      .orderBy(desc(traceRecords.version))
      .limit(1);
    return r;
  });

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  main = await seedSeason(s, tok, tA, { suffix: 'A1', gtin: '06901234567892' });
  hostile = await seedSeason(s, tok, tA, { suffix: 'H1', hostile: true });
  draft = await seedSeason(s, tok, tA, { suffix: 'D1' });
  green = await seedSeason(s, tok, tA, { suffix: 'G1', harvested: false });
  other = await seedSeason(s, tok, tB, { suffix: 'B1', who: 'adminB' });
});
afterAll(async () => {
  await s.close();
});

describe('publishing a trace batch', () => {
  it('builds the record from the season: tasks with inputs and registration numbers, logs, captures', async () => {
    const ans = await publish(main, 1);
    expect(ans).toMatchObject({ version: 1, traceBatchId: main.traceBatchId, blockHeight: 1 });
    expect(ans.txHash).toMatch(/^[0-9a-f]{64}$/);
    const rec = (await storedRecord(tA, main.traceBatchId))?.record as TracePublicRecord;
    const season = rec.season;
    expect(season.map((e) => e.kind)).toEqual(['sow', 'log', 'task', 'capture', 'harvest', 'inspection']);
    const task = season.find((e) => e.kind === 'task');
    expect(task?.inputs).toEqual([
      {
        name: '复合肥 15-15-15',
        category: 'fertilizer',
        registrationNo: '农肥(2023)准字1234号',
        quantity: '40.5',
        unit: 'kg',
      },
    ]);
    // Outside the season (last year's log, the clean-up after the harvest) stays out.
    expect(JSON.stringify(season)).not.toContain('去年的记录');
    expect(JSON.stringify(season)).not.toContain('清园');
    const capture = season.find((e) => e.kind === 'capture');
    expect(capture?.imageIndexes).toEqual([0]);
    expect(rec.images[0]?.url).toBe(main.pictureUrl);
    expect(rec.places[0]).toMatchObject({ landName: '1号棚A1', areaCenter: '22.9400,113.3800' });
    expect(rec.places[0]?.boundary?.[0]?.length).toBe(5);
    expect(rec.outlets.map((o) => o.name).sort()).toEqual(['番禺门店A1', '示范农场旗舰店A1'].sort());
    // The carbon domain's figure from the same records: the fertiliser's 15 % N gives N2O, per kg of 1200 kg.
    expect(Number(rec.footprint?.harvestKg)).toBe(1200);
    expect(Number(rec.footprint?.kgCo2ePerKg)).toBeGreaterThan(0);
    expect(rec.footprint?.byStage.map((st) => st.stage)).toContain('planting');
  });

  it('republishing makes the next version; both stay listed', async () => {
    const ans = await publish(main, 2);
    expect(ans.version).toBe(2);
    const list = await api('viewer', 'GET', `trace/batches/${main.traceBatchId}/records?size=0`);
    expect(list.statusCode, list.body).toBe(200);
    const page = json<Page<TraceRecordVersion>>(list);
    expect(page.content.map((r) => r.version)).toEqual([2, 1]);
    expect(page.totalElements).toBe(2);
  });

  it('refuses a stale objectVersionNumber with 409 and changes nothing', async () => {
    const res = await api('admin', 'POST', `trace/batches/${main.traceBatchId}/publish`, {
      objectVersionNumber: 1,
    });
    expect(res.statusCode, res.body).toBe(409);
    const list = json<Page<TraceRecordVersion>>(
      await api('admin', 'GET', `trace/batches/${main.traceBatchId}/records`),
    );
    expect(list.totalElements).toBe(2);
  });

  it('refuses a batch whose farm batch is not harvested (400 naming it), and writes no block', async () => {
    const res = await api('admin', 'POST', `trace/batches/${green.traceBatchId}/publish`, {
      objectVersionNumber: 1,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(json<{ code: string; message: string }>(res)).toMatchObject({
      code: 'wfpf.trace.publish.notHarvested',
      message: expect.stringContaining('farmBatchIds'),
    });
    const blocks = await s.platform.database.withTenant(tA, (tx) => tx.select().from(chainBlocks));
    expect(blocks.length).toBe(2);
  });

  it('needs the publish permission; another tenant’s batch is not found', async () => {
    const viewer = await api('viewer', 'POST', `trace/batches/${draft.traceBatchId}/publish`, {
      objectVersionNumber: 1,
    });
    expect(viewer.statusCode).toBe(403);
    const foreign = await api('admin', 'POST', `trace/batches/${other.traceBatchId}/publish`, {
      objectVersionNumber: 1,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await api('admin', 'POST', `trace/batches/${draft.traceBatchId}/publish`, {
      objectVersionNumber: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('objectVersionNumber');
  });
});

describe('the public trace page (no sign-in)', () => {
  it('shows the product, lot, season with inputs and registration numbers, map, footprint state and "verified"', async () => {
    const res = await get(`/q/${tA}/${main.serial}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = res.body;
    for (const text of [
      '粉冠番茄A1',
      'LA1',
      '追肥',
      '农肥(2023)准字1234号',
      '定植完成',
      '棚内抓拍',
      '农残快检',
      '番禺门店',
    ])
      expect(html).toContain(text);
    expect(html).toContain('<svg class="map"');
    expect(html).toContain('<path class="plot"');
    expect(html).toContain('data-status="verified"');
    expect(html).toContain('<section id="footprint"><h2>碳足迹</h2><div><span class="big">');
    expect(html).toContain('本页信息与发布时存证的记录一致');
    expect(html).toContain('您是第一次查询此码');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain(`/wfpf/v1/public/${tA}/trace/image/${main.serial}/2/0`);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('counts repeat scans and speaks English on ?lang=en-US and Accept-Language', async () => {
    const en = await get(`/q/${tA}/${main.serial}?lang=en-US`);
    expect(en.body).toMatch(/looked up 2 times, first on/);
    expect(en.body).toContain('Verified: this page matches');
    // A HEAD (a link previewer) is no scan: the next visit is the third.
    const head = await s.inject({ method: 'HEAD', url: `/q/${tA}/${main.serial}` });
    expect(head.statusCode).toBe(200);
    const header = await get(`/q/${tA}/${main.serial}`, 'en-US,en;q=0.9');
    expect(header.body).toContain('<html lang="en-US">');
    expect(header.body).toMatch(/looked up 3 times/);
  });

  it('opens by lot and by GS1 Digital Link; a wrong lot or unknown GTIN is a 404 page', async () => {
    const lot = await get(`/q/${tA}/b/${main.batchCode}`);
    expect(lot.statusCode).toBe(200);
    expect(lot.body).toContain('按批次查询');
    const dl = await get(`/01/${main.gtin}/10/${main.batchCode}/21/${main.serial}`);
    expect(dl.statusCode, dl.body).toBe(200);
    expect(dl.body).toContain('粉冠番茄A1');
    expect((await get(`/01/${main.gtin}/10/WRONG/21/${main.serial}`)).statusCode).toBe(404);
    expect((await get(`/01/06901234567809/10/${main.batchCode}/21/${main.serial}`)).statusCode).toBe(404);
  });

  it('answers the proof JSON that verifies with the shared rules', async () => {
    const res = await get(`/wfpf/v1/public/${tA}/trace/proof/${main.serial}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<TracePublicProof>(res);
    expect(body.verdict).toBe('verified');
    expect(body.linked).toBe(true);
    const proof = body.proof;
    if (!proof) throw new Error('no proof');
    expect(verifyProof(proof, body.record, NODE_HASHES.sha256).valid).toBe(true);
    const changed = { ...body.record, product: { ...body.record.product, name: 'X' } };
    expect(verifyProof(proof, changed, NODE_HASHES.sha256)).toMatchObject({ valid: false, failed: 'data' });
  });

  it('serves only pictures the record lists, as sniffed raster images', async () => {
    const ok = await get(`/wfpf/v1/public/${tA}/trace/image/${main.serial}/2/0`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^image\/(jpeg|png|webp)/);
    expect((await get(`/wfpf/v1/public/${tA}/trace/image/${main.serial}/2/5`)).statusCode).toBe(404);
    // An older version's URL is not served (the page links the current one).
    expect((await get(`/wfpf/v1/public/${tA}/trace/image/${main.serial}/1/0`)).statusCode).toBe(404);
    expect((await get(`/wfpf/v1/public/${tA}/trace/image/${draft.serial}/1/0`)).statusCode).toBe(404);
  });

  it('shows nothing of an unknown serial, an unpublished batch or another tenant’s code', async () => {
    for (const url of [
      `/q/${tA}/NOSUCHSERIAL`,
      `/q/${tA}/${draft.serial}`,
      `/q/${tA}/b/${draft.batchCode}`,
      `/q/${tA}/${other.serial}`,
      `/q/${tB}/${main.serial}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('未找到溯源信息');
      expect(res.body).not.toContain('番茄');
    }
    expect((await get(`/wfpf/v1/public/${tA}/trace/proof/${draft.serial}`)).statusCode).toBe(404);
    expect((await get(`/wfpf/v1/public/${tB}/trace/proof/${main.serial}`)).statusCode).toBe(404);
  });

  it('escapes hostile text from the farm records', async () => {
    await publish(hostile, 1);
    const res = await get(`/q/${tA}/${hostile.serial}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows a withdrawn lot with its notice, and a void code as void', async () => {
    await s.platform.database.withTenant(tA, async (tx) => {
      await tx.execute(sql`update trace_batches set status = 'withdrawn' where id = ${hostile.traceBatchId}`);
      await tx.execute(sql`update trace_codes set voided_at = now() where serial = ${hostile.serial}`);
    });
    const lot = await get(`/q/${tA}/b/${hostile.batchCode}`);
    expect(lot.statusCode).toBe(200);
    expect(lot.body).toContain('id="withdrawn"');
    expect(lot.body).toContain('本批次已被企业撤回');
    const code = await get(`/q/${tA}/${hostile.serial}?lang=en-US`);
    expect(code.body).toContain('This code is void');
  });

  it('says the record does not match once the stored record is changed outside the application', async () => {
    await s.platform.database.withTenant(tA, async (tx) => {
      await tx.execute(sql`reset role`);
      await tx.execute(
        sql`update trace_records set record = jsonb_set(record, '{product,name}', '"篡改番茄"') where trace_batch_id = ${main.traceBatchId}`,
      );
      await tx.execute(sql.raw(`set role ${APP_ROLE}`));
    });
    const res = await get(`/q/${tA}/${main.serial}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-status="mismatch"');
    expect(res.body).toContain('记录与存证不符');
    const proof = json<TracePublicProof>(await get(`/wfpf/v1/public/${tA}/trace/proof/${main.serial}`));
    expect(proof.verdict).toBe('mismatch');
  });

  it('limits each client address', async () => {
    let last = 0;
    for (let i = 0; i < 62 && last !== 429; i++) {
      last = (await s.inject({ method: 'GET', url: `/q/${tA}/b/NOSUCHLOT`, remoteAddress: '203.0.113.9' }))
        .statusCode;
    }
    expect(last).toBe(429);
    const other = await s.inject({
      method: 'GET',
      url: `/q/${tA}/b/NOSUCHLOT`,
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('a withdrawn batch', () => {
  it('republishes a withdrawn batch as its next version, published again', async () => {
    await s.platform.database.withTenant(tA, (tx) =>
      tx.execute(sql`update trace_batches set status = 'withdrawn' where id = ${main.traceBatchId}`),
    );
    const before = json<{ objectVersionNumber: number; version: number; status: string }>(
      await api('admin', 'GET', `trace/batches/${main.traceBatchId}`),
    );
    expect(before.status).toBe('withdrawn');
    const res = await api('admin', 'POST', `trace/batches/${main.traceBatchId}/publish`, {
      objectVersionNumber: before.objectVersionNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ version: number }>(res).version).toBe(before.version + 1);
    const after = json<{ status: string }>(await api('admin', 'GET', `trace/batches/${main.traceBatchId}`));
    expect(after.status).toBe('published');
  });
});

import type {
  Identification,
  IdentifyStatusAnswer,
  PestKnowledge,
  PestKnowledgeDetail,
} from '@tilth/contracts/identify.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { agriculturalInputs } from '../../../farm/agricultural/index.js';
import { base, en, postPhoto, solidPng, zh } from './identify-helpers.js';

// No model configured (the shipped default): the screen is told plainly and the photo still goes to the
// expert. The knowledge base: the shipped entries every tenant reads, search, a tenant's own version of a
// platform entry (others keep the platform's), linked inputs, stale versions and refusals.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let B: number;
let inputId: number;

const get = (url: string, token = tok.admin, lang = en) =>
  s.inject({ method: 'GET', url, headers: { ...auth(token), ...lang } });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  s.inject({
    method,
    url,
    headers: { ...auth(token), ...en },
    ...(payload ? { payload: payload as object } : {}),
  });

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  const [row] = await s.platform.database.withTenant(A, (tx) =>
    tx
      .insert(agriculturalInputs)
      .values({ tenantId: A, inputCode: 'NET-40', inputName: '防虫网 40目', category: 'other', unit: 'm²' })
      .returning({ id: agriculturalInputs.id }),
  );
  inputId = row?.id as number;
}, 60_000);
afterAll(async () => s?.close());

describe('no model configured', () => {
  it('says so plainly and keeps the photo for the expert', async () => {
    const st = (await get(`${base(A)}/identify/status`)).json() as IdentifyStatusAnswer;
    expect(st).toMatchObject({ configured: false, provider: 'none', modelKey: 'none' });
    const res = await postPhoto(s, A, tok.operator, await solidPng(60, 160, 60), zh);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as Identification;
    expect(r.status).toBe('unconfigured');
    expect(r.candidates).toEqual([]);
    expect(r.message).toBe('尚未配置识别模型，无法自动识别；可以把照片发给专家诊断');
    expect(r.expertUrl).toContain(`photo=${encodeURIComponent(r.photoUrl)}`);
  });
});

describe('the knowledge base', () => {
  it('ships the common pests and diseases of the demo crops to every tenant', async () => {
    const page = (await get(`${base(B)}/pest-knowledge?size=0`, tok.adminB)).json() as {
      content: PestKnowledge[];
    };
    const codes = page.content.map((k) => k.code);
    for (const c of [
      'rice-planthopper',
      'rice-stem-borer',
      'rice-leaf-roller',
      'rice-blast',
      'rice-sheath-blight',
      'aphid',
      'cabbage-worm',
      'diamondback-moth',
      'powdery-mildew',
      'downy-mildew',
    ]) {
      expect(codes).toContain(c);
    }
    for (const k of page.content) {
      expect(k.origin).toBe('platform');
      expect(k.controlZh && k.controlEn && k.damageZh && k.descriptionEn).toBeTruthy();
    }
  });

  it('searches by name in either language, kind and crop', async () => {
    const q = (p: string) =>
      get(`${base(A)}/pest-knowledge?${p}`).then((r) =>
        (r.json() as { content: PestKnowledge[] }).content.map((k) => k.code),
      );
    expect(await q('q=稻瘟')).toEqual(['rice-blast']);
    expect(await q('q=moth')).toEqual(['diamondback-moth']);
    expect(await q(`q=${encodeURIComponent('褐飞虱')}`)).toEqual(['rice-planthopper']);
    const diseases = await q('kind=disease&crop=Rice&size=0');
    expect(diseases.sort()).toEqual(['rice-blast', 'rice-sheath-blight']);
    expect(await q('q=%25')).toEqual([]);
  });

  it('editing a platform entry makes the tenant version; other tenants keep the platform one', async () => {
    const list = (await get(`${base(A)}/pest-knowledge?q=aphid`)).json() as { content: PestKnowledge[] };
    const platform = list.content[0] as PestKnowledge;
    const {
      knowledgeId,
      origin,
      overridesPlatform,
      name,
      inputIds,
      objectVersionNumber,
      lastUpdateDate,
      code,
      ...rest
    } = platform;
    const body = { ...rest, controlZh: '本场：挂黄板 30 张/亩', inputIds: [inputId], objectVersionNumber };
    const res = await send('PUT', `${base(A)}/pest-knowledge/${knowledgeId}`, tok.operator, body);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json() as PestKnowledgeDetail;
    expect(mine).toMatchObject({
      code: 'aphid',
      origin: 'tenant',
      overridesPlatform: true,
      controlZh: '本场：挂黄板 30 张/亩',
    });
    expect(mine.knowledgeId).not.toBe(knowledgeId);
    expect(mine.inputs).toEqual([expect.objectContaining({ inputId, match: 'linked' })]);
    // A second edit of the platform row with its old version is stale and changes nothing.
    const stale = await send('PUT', `${base(A)}/pest-knowledge/${knowledgeId}`, tok.operator, body);
    expect(stale.statusCode).toBe(409);
    // Tenant A lists its version once; B still reads the platform's.
    const a = (await get(`${base(A)}/pest-knowledge?q=aphid`)).json() as { content: PestKnowledge[] };
    expect(a.content.map((k) => [k.origin, k.controlZh])).toEqual([['tenant', '本场：挂黄板 30 张/亩']]);
    const b = (await get(`${base(B)}/pest-knowledge?q=aphid`, tok.adminB)).json() as {
      content: PestKnowledge[];
    };
    expect(b.content.map((k) => k.origin)).toEqual(['platform']);
    expect(b.content[0]?.controlZh).not.toContain('本场');
    const bDetail = await get(`${base(B)}/pest-knowledge/${mine.knowledgeId}`, tok.adminB);
    expect(bDetail.statusCode).toBe(404);
    // Stale update of the tenant row; then delete brings the platform's back.
    expect(
      (
        await send('PUT', `${base(A)}/pest-knowledge/${mine.knowledgeId}`, tok.operator, {
          ...body,
          objectVersionNumber: 99,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await send(
          'DELETE',
          `${base(A)}/pest-knowledge/${mine.knowledgeId}?objectVersionNumber=5`,
          tok.operator,
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await send(
          'DELETE',
          `${base(A)}/pest-knowledge/${mine.knowledgeId}?objectVersionNumber=1`,
          tok.operator,
        )
      ).statusCode,
    ).toBe(200);
    const back = (await get(`${base(A)}/pest-knowledge?q=aphid`)).json() as { content: PestKnowledge[] };
    expect(back.content.map((k) => k.origin)).toEqual(['platform']);
  });

  it('a tenant adds its own entry; bad references and platform deletes are refused', async () => {
    const entry = {
      code: 'grass-carp-hemorrhage',
      kind: 'disease',
      nameZh: '草鱼出血病',
      nameEn: 'Grass carp haemorrhagic disease',
      cropsZh: ['草鱼'],
      cropsEn: ['Grass carp'],
      controlZh: '注射疫苗，保持水质',
      inputIds: [inputId],
    };
    const made = await send('POST', `${base(A)}/pest-knowledge`, tok.operator, entry);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      origin: 'tenant',
      overridesPlatform: false,
      name: 'Grass carp haemorrhagic disease',
    });
    expect((await send('POST', `${base(A)}/pest-knowledge`, tok.operator, entry)).statusCode).toBe(409);
    expect(
      (await send('POST', `${base(A)}/pest-knowledge`, tok.operator, { ...entry, code: 'rice-blast' }))
        .statusCode,
    ).toBe(409);
    const badInput = await send('POST', `${base(A)}/pest-knowledge`, tok.operator, {
      ...entry,
      code: 'x-1',
      inputIds: [987654],
    });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json().message).toMatch(/^inputIds/);
    const badImage = await send('POST', `${base(A)}/pest-knowledge`, tok.operator, {
      ...entry,
      code: 'x-2',
      images: [`/hfle/v1/${B}/files/00000000-0000-0000-0000-000000000000/file`],
    });
    expect(badImage.statusCode).toBe(400);
    const badCode = await send('POST', `${base(A)}/pest-knowledge`, tok.operator, {
      ...entry,
      code: 'Bad Code',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toContain('code');
    const viewer = await send('POST', `${base(A)}/pest-knowledge`, tok.viewer, { ...entry, code: 'x-3' });
    expect(viewer.statusCode).toBe(403);
    const blast = (await get(`${base(A)}/pest-knowledge?q=rice-blast`)).json() as {
      content: PestKnowledge[];
    };
    const del = await send(
      'DELETE',
      `${base(A)}/pest-knowledge/${blast.content[0]?.knowledgeId}`,
      tok.operator,
    );
    expect(del.statusCode).toBe(403);
    // B does not see A's own entry.
    const b = (await get(`${base(B)}/pest-knowledge?q=grass`, tok.adminB)).json() as {
      totalElements: number;
    };
    expect(b.totalElements).toBe(0);
  });
});

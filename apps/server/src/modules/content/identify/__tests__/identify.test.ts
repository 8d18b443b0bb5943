import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  Identification,
  IdentifyStatusAnswer,
  PestKnowledgeDetail,
} from '@tilth/contracts/identify.types';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { agriculturalInputs } from '../../../farm/agricultural/index.js';
import { base, en, postPhoto, solidPng, zh } from './identify-helpers.js';
import { colourModel, TEST_LABELS } from './onnx-model.js';

// Upload → answer with a real ONNX model built in the test (onnx-proto) and run by onnxruntime-node: a
// green photo is a planthopper linked to its knowledge entry and the tenant's inputs, a grey one is refused
// with spec 03 §8's text, the same photo answers the same and is stored once, bad uploads change nothing,
// other tenants see nothing, and the viewer may look but not run.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let B: number;
let dir: string;

const counts = (t: number) =>
  s.platform.database.withTenant(t, async (tx) => {
    const [r] = rowsOf<{ ids: number; files: number }>(
      await tx.execute(
        sql`select (select count(*)::int from pest_identifications) ids, (select count(*)::int from files where bucket_name = 'identify') files`,
      ),
    );
    return r as { ids: number; files: number };
  });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilth-identify-'));
  await writeFile(path.join(dir, 'pests.onnx'), colourModel(32));
  await writeFile(path.join(dir, 'labels.txt'), `# test labels\n${TEST_LABELS.join('\n')}\n`);
  s = await startTestServer({
    TILTH_IDENTIFY_MODEL: path.join(dir, 'pests.onnx'),
    TILTH_IDENTIFY_LABELS: path.join(dir, 'labels.txt'),
    TILTH_IDENTIFY_INPUT_SIZE: '32',
  });
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  // An input of tenant A whose name holds an active ingredient registered against planthoppers.
  await s.platform.database.withTenant(A, (tx) =>
    tx.insert(agriculturalInputs).values({
      tenantId: A,
      inputCode: 'PYM-25',
      inputName: '25%吡蚜酮可湿性粉剂',
      category: 'pesticide',
      registrationNo: 'PD20101234',
      unit: 'kg',
    }),
  );
}, 60_000);
afterAll(async () => {
  await s?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('identification with the ONNX model', () => {
  let green: Identification;

  it('says which model answers', async () => {
    const res = await s.inject({
      method: 'GET',
      url: `${base(A)}/identify/status`,
      headers: auth(tok.viewer),
    });
    expect(res.statusCode, res.body).toBe(200);
    const st = res.json() as IdentifyStatusAnswer;
    expect(st).toMatchObject({
      configured: true,
      provider: 'onnx',
      labelCount: 3,
      maxBytes: 10 * 1024 * 1024,
    });
    expect(st.modelKey).toMatch(/^onnx:pests\.onnx@[0-9a-f]{16}$/);
  });

  it('a green photo is a planthopper, linked to its knowledge entry and the inputs registered against it', async () => {
    const res = await postPhoto(s, A, tok.operator, await solidPng(60, 160, 60));
    expect(res.statusCode, res.body).toBe(200);
    green = res.json() as Identification;
    expect(green.status).toBe('identified');
    expect(green.message).toBeNull();
    expect(green.provider).toBe('onnx');
    const [top] = green.candidates;
    expect(top).toMatchObject({
      label: '稻飞虱|planthopper',
      name: 'Rice planthopper',
      knowledgeCode: 'rice-planthopper',
    });
    expect(top?.confidence).toBeGreaterThan(0.99);
    // The reject label is never offered as a candidate.
    expect(green.candidates.map((c) => c.label)).not.toContain('__not_plant__');
    expect(green.expertUrl).toBe(
      `/web/agriculture/expert-inquiry?ask=1&photo=${encodeURIComponent(green.photoUrl)}&identification=${green.identificationId}`,
    );
    // The stored photo reads back as the PNG sent.
    const photo = await s.inject({ method: 'GET', url: green.photoUrl, headers: auth(tok.operator) });
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('png');

    const kb = await s.inject({
      method: 'GET',
      url: `${base(A)}/pest-knowledge/${top?.knowledgeId}`,
      headers: { ...auth(tok.viewer), ...zh },
    });
    expect(kb.statusCode, kb.body).toBe(200);
    const entry = kb.json() as PestKnowledgeDetail;
    expect(entry).toMatchObject({
      code: 'rice-planthopper',
      name: '稻飞虱',
      kind: 'pest',
      origin: 'platform',
    });
    expect(entry.controlZh).toContain('吡蚜酮');
    expect(entry.inputs).toEqual([
      expect.objectContaining({
        inputName: '25%吡蚜酮可湿性粉剂',
        registrationNo: 'PD20101234',
        match: 'ingredient',
      }),
    ]);
  });

  it('names candidates in the caller language', async () => {
    const res = await postPhoto(s, A, tok.operator, await solidPng(60, 160, 60), zh);
    expect((res.json() as Identification).candidates[0]?.name).toBe('稻飞虱');
  });

  it('the same photo answers the same and is stored once', async () => {
    const before = await counts(A);
    const again = await postPhoto(s, A, tok.admin, await solidPng(60, 160, 60), en, 'other-name.png');
    expect(again.statusCode).toBe(200);
    const a = again.json() as Identification;
    expect(a.identificationId).toBe(green.identificationId);
    expect(a.candidates).toEqual(green.candidates);
    expect(a.photoFileId).toBe(green.photoFileId);
    expect(a.runCount).toBe(3);
    expect(await counts(A)).toEqual(before);
    expect(before).toEqual({ ids: 1, files: 1 });
  });

  it('a grey photo is refused with spec 03 §8 text, in both languages, and offers the expert', async () => {
    const grey = await solidPng(128, 128, 128);
    const res = await postPhoto(s, A, tok.operator, grey);
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json() as Identification;
    expect(g.status).toBe('refused');
    // The faint pest scores of a refused photo are not offered.
    expect(g.candidates).toEqual([]);
    expect(g.message).toBe('Pest not recognised (common pests not detected, keep the image clear)');
    expect(g.expertUrl).toContain('ask=1');
    const zhRes = (await postPhoto(s, A, tok.operator, grey, zh)).json() as Identification;
    expect(zhRes.message).toBe('未识别出病虫害（未检测到常见病虫害，请保持图片清晰）');
  });

  it('an unsure answer (top under the confidence floor) says the same text', async () => {
    const res = await postPhoto(s, A, tok.operator, await solidPng(112, 138, 112));
    const u = res.json() as Identification;
    expect(u.status).toBe('uncertain');
    expect(u.candidates[0]?.knowledgeCode).toBe('rice-planthopper');
    expect(u.candidates[0]?.confidence).toBeLessThan(0.6);
    expect(u.message).toMatch(/^Pest not recognised/);
  });

  it('refuses over 10 MB, non-images and fake images with 400, storing nothing', async () => {
    const before = await counts(A);
    // 10 MB + 1 of a PNG header and noise: refused while streaming.
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    (await solidPng(1, 2, 3)).copy(big);
    const tooBig = await postPhoto(s, A, tok.operator, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      code: 'wfpf.identify.tooLarge',
      message: 'The photo cannot exceed 10 MB',
    });
    const text = await postPhoto(
      s,
      A,
      tok.operator,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      en,
      'x.png',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'wfpf.identify.type' });
    const broken = await postPhoto(
      s,
      A,
      tok.operator,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'wfpf.identify.unreadable' });
    const gif = await postPhoto(
      s,
      A,
      tok.operator,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
        .gif()
        .toBuffer(),
    );
    expect(gif.statusCode).toBe(400);
    const noPart = await s.inject({
      method: 'POST',
      url: `${base(A)}/identifications`,
      headers: { ...auth(tok.operator), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noPart.statusCode).toBe(400);
    expect(await counts(A)).toEqual(before);
  });

  it('refuses an unknown crop naming the field', async () => {
    const fd = new FormData();
    fd.append('cropId', '999999');
    fd.append('file', new Blob([new Uint8Array(await solidPng(10, 200, 10))]), 'a.png');
    const res = await s.inject({
      method: 'POST',
      url: `${base(A)}/identifications`,
      headers: { ...auth(tok.operator), ...en },
      payload: fd,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^cropId/);
  });

  it('keeps a history, latest first, filtered by status', async () => {
    const res = await s.inject({
      method: 'GET',
      url: `${base(A)}/identifications?status=refused`,
      headers: auth(tok.viewer),
    });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { content: Identification[]; totalElements: number };
    expect(page.totalElements).toBe(1);
    expect(page.content[0]?.status).toBe('refused');
    const all = (
      await s.inject({ method: 'GET', url: `${base(A)}/identifications`, headers: auth(tok.viewer) })
    ).json();
    expect(all.totalElements).toBe(3);
    expect(all.content[0].lastIdentifiedAt >= all.content[1].lastIdentifiedAt).toBe(true);
    const one = await s.inject({
      method: 'GET',
      url: `${base(A)}/identifications/${green.identificationId}`,
      headers: auth(tok.viewer),
    });
    expect(one.json()).toMatchObject({ identificationId: green.identificationId, status: 'identified' });
  });

  it('another tenant sees none of it; the viewer may look but not identify', async () => {
    const other = await s.inject({
      method: 'GET',
      url: `${base(B)}/identifications/${green.identificationId}`,
      headers: auth(tok.adminB),
    });
    expect(other.statusCode).toBe(404);
    const list = (
      await s.inject({ method: 'GET', url: `${base(B)}/identifications`, headers: auth(tok.adminB) })
    ).json();
    expect(list.totalElements).toBe(0);
    const cross = await s.inject({
      method: 'GET',
      url: `${base(A)}/identifications`,
      headers: auth(tok.adminB),
    });
    expect(cross.statusCode).toBe(403);
    const viewer = await postPhoto(s, A, tok.viewer, await solidPng(60, 160, 60));
    expect(viewer.statusCode).toBe(403);
    // B's own photo of the same image is B's, worked out for B.
    const b = (await postPhoto(s, B, tok.adminB, await solidPng(60, 160, 60))).json() as Identification;
    expect(b.identificationId).not.toBe(green.identificationId);
    expect(b.runCount).toBe(1);
  });
});

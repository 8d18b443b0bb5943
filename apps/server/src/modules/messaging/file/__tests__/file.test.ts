import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { storedKeys } from '../../../../test/s3.js';

interface FileBody {
  fileId: string;
  fileUrl: string;
  fileName: string;
  attachmentUuid: string | null;
  contentType: string;
  fileSize: number;
}

let s: TestServer;
let tA: number;
let tB: number;
const tok = { adminA: '', operatorA: '', viewerA: '', adminB: '', platform: '' };
type Who = keyof typeof tok;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  for (const who of Object.keys(tok) as Who[]) tok[who] = await login(s, who);
  const raw = { width: 1200, height: 800, channels: 3 as const, background: { r: 30, g: 150, b: 90 } };
  jpeg = await sharp({ create: raw }).jpeg().toBuffer();
  png = await sharp({ create: { ...raw, width: 64, height: 32 } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await s?.close();
});

const upload = (
  who: Who,
  tenant: number,
  bytes: Buffer,
  name: string,
  fields: Record<string, string> = {},
) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return s.inject({
    method: 'POST',
    url: `/hfle/v1/${tenant}/files/multipart`,
    headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
    payload: fd,
  });
};
const uploadOk = async (
  who: Who,
  tenant: number,
  bytes: Buffer,
  name: string,
  fields: Record<string, string> = {},
) => {
  const res = await upload(who, tenant, bytes, name, fields);
  expect(res.statusCode, res.body).toBe(200);
  return json<FileBody>(res);
};
const get = (who: Who, url: string) => s.inject({ method: 'GET', url, headers: auth(tok[who]) });

/** Every file under the storage root, to prove refused uploads leave nothing behind. */
// Whichever the driver (disk, or S3 under TILTH_TEST_STORAGE=s3).
const storedFiles = (): Promise<string[]> => storedKeys(s.platform.config, '');

describe('upload and download', () => {
  it('round-trips the bytes with type, size and an RFC 5987 name', async () => {
    const f = await uploadOk('operatorA', tA, png, '地块 图.png');
    expect(f).toMatchObject({ fileName: '地块 图.png', contentType: 'image/png', fileSize: png.length });
    expect(f.fileUrl).toBe(`/hfle/v1/${tA}/files/${f.fileId}/file`);
    const res = await get('viewerA', f.fileUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="__ _.png"; filename*=UTF-8''${encodeURIComponent('地块 图.png')}`,
    );
    expect((await s.inject({ method: 'GET', url: f.fileUrl })).statusCode).toBe(401);
  });

  it('takes bucketName, fileName and attachmentUuid from the form and lists by attachmentUuid', async () => {
    const uuid = randomUUID();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const a = await uploadOk('operatorA', tA, pdf, 'upload.bin', {
      bucketName: 'docs',
      fileName: 'report.pdf',
      attachmentUuid: uuid,
    });
    expect(a).toMatchObject({ fileName: 'report.pdf', contentType: 'application/pdf', attachmentUuid: uuid });
    const csv = await uploadOk('operatorA', tA, Buffer.from('name,qty\n种子,3\n'), 'stock.csv', {
      attachmentUuid: uuid,
    });
    expect(csv.contentType).toBe('text/csv');
    const list = await get('viewerA', `/hfle/v1/${tA}/files?attachmentUuid=${uuid}`);
    expect(list.statusCode).toBe(200);
    expect(json<FileBody[]>(list).map((x) => x.fileName)).toEqual(['report.pdf', 'stock.csv']);
    expect(json<FileBody[]>(await get('adminB', `/hfle/v1/${tB}/files?attachmentUuid=${uuid}`))).toEqual([]);
    const svg = await uploadOk(
      'operatorA',
      tA,
      Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>'),
      'i.svg',
    );
    expect(svg.contentType).toBe('image/svg+xml');
    const svgRes = await get('viewerA', svg.fileUrl);
    expect(svgRes.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(svgRes.headers['content-disposition']).toMatch(/^attachment;/);
    // An SVG without any size cannot be measured (nor rasterised): refused.
    const sizeless = await upload(
      'operatorA',
      tA,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'empty.svg',
    );
    expect(sizeless.statusCode).toBe(415);
    expect(json(sizeless)).toMatchObject({ code: 'hfle.warn.file.unreadableImage' });
  });

  it('refuses an executable renamed .png (415) and keeps nothing', async () => {
    const before = await storedFiles();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096)]);
    const res = await upload('operatorA', tA, exe, 'photo.png');
    expect(res.statusCode).toBe(415);
    expect(json(res)).toMatchObject({ failed: true, code: 'hfle.warn.file.type' });
    const unknown = await upload(
      'operatorA',
      tA,
      Buffer.from([0, 1, 2, 3, 0, 0, 9, 200, 0, 0, 0, 0, 1]),
      'x.png',
    );
    expect(unknown.statusCode).toBe(415);
    const html = await upload('operatorA', tA, Buffer.from('<html><script>1</script></html>'), 'page.html');
    expect(html.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses more than 50 MB with 413 and a translated message, leaving no row or bytes', async () => {
    const before = await storedFiles();
    const uuid = randomUUID();
    const big = Buffer.alloc(50 * 1024 * 1024 + 1024);
    png.copy(big);
    const res = await upload('operatorA', tA, big, 'huge.png', { attachmentUuid: uuid });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ failed: true, message: 'Upload cannot exceed 50MB' });
    expect(await storedFiles()).toEqual(before);
    expect(json(await get('operatorA', `/hfle/v1/${tA}/files?attachmentUuid=${uuid}`))).toEqual([]);
  }, 60_000);

  it('answers malformed multipart with a 4xx, never a 5xx', async () => {
    const send = (payload: Buffer | string) =>
      s.inject({
        method: 'POST',
        url: `/hfle/v1/${tA}/files/multipart`,
        headers: { ...auth(tok.operatorA), 'content-type': 'multipart/form-data; boundary=xyz' },
        payload,
      });
    const head = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n';
    const cases: [string, Buffer | string][] = [
      ['garbage', 'garbage'],
      [
        'field only',
        '--xyz\r\nContent-Disposition: form-data; name="bucketName"\r\n\r\npublic\r\n--xyz--\r\n',
      ],
      ['no closing boundary', Buffer.concat([Buffer.from(head), png])],
      [
        'bad bucket',
        `--xyz\r\nContent-Disposition: form-data; name="bucketName"\r\n\r\n../x\r\n${head}abc\r\n--xyz--\r\n`,
      ],
    ];
    for (const [label, payload] of cases) {
      const res = await send(payload);
      expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
    }
  });

  it('refuses a request that is not multipart', async () => {
    const res = await s.inject({
      method: 'POST',
      url: `/hfle/v1/${tA}/files/multipart`,
      headers: auth(tok.operatorA),
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('tenancy', () => {
  it('another tenant cannot download the file', async () => {
    const f = await uploadOk('operatorA', tA, png, 'secret.png');
    const asB = await get('adminB', `/hfle/v1/${tB}/files/${f.fileId}/file`);
    expect(asB.statusCode).toBe(404);
    expect(asB.rawPayload.includes(png.subarray(0, 16))).toBe(false);
    expect((await get('adminB', f.fileUrl)).statusCode).toBe(403);
    expect((await get('adminB', `/hfle/v1/${tB}/files/${f.fileId}/image`)).statusCode).toBe(404);
  });

  it('platform files are readable from every tenant', async () => {
    const f = await uploadOk('platform', 0, png, 'platform.png');
    for (const [who, t] of [
      ['viewerA', tA],
      ['adminB', tB],
    ] as const) {
      const res = await get(who, `/hfle/v1/${t}/files/${f.fileId}/file`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(png)).toBe(true);
    }
    // …but only the platform may delete them.
    expect(
      (
        await s.inject({
          method: 'DELETE',
          url: `/hfle/v1/${tA}/files/${f.fileId}`,
          headers: auth(tok.adminA),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('only the uploader or an announcement manager deletes', async () => {
    const f = await uploadOk('operatorA', tA, png, 'mine.png');
    const del = (who: Who) =>
      s.inject({ method: 'DELETE', url: `/hfle/v1/${tA}/files/${f.fileId}`, headers: auth(tok[who]) });
    expect((await del('viewerA')).statusCode).toBe(403);
    expect((await del('operatorA')).statusCode).toBe(200);
    expect((await get('operatorA', f.fileUrl)).statusCode).toBe(404);
    expect((await del('operatorA')).statusCode).toBe(404);
  });
});

describe('image proxy', () => {
  let photo: FileBody;
  beforeAll(async () => {
    photo = await uploadOk('operatorA', tA, jpeg, 'field.jpg');
  });
  const image = (query: string) => get('viewerA', `/hfle/v1/${tA}/files/${photo.fileId}/image${query}`);

  it('fits inside by default (400×400) and serves the second call from cache', async () => {
    const first = await image('');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['x-cache']).toBe('MISS');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([400, 267, 'jpeg']);
    const second = await image('?width=400&height=400&flag=0');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('covers and crops to the exact size of the buckets with flag 1', async () => {
    const res = await image('?width=400&height=400&flag=1');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    // 120×30 is made at its buckets, 128×64.
    const wide = await sharp((await image('?width=120&height=30&flag=1')).rawPayload).metadata();
    expect([wide.width, wide.height]).toEqual([128, 64]);
  });

  it('keeps PNG as PNG and never enlarges when fitting', async () => {
    const f = await uploadOk('operatorA', tA, png, 'small.png');
    const res = await get('viewerA', `/hfle/v1/${tA}/files/${f.fileId}/image?width=200&height=200`);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 32]);
  });

  it('refuses non-images (415) and out-of-range sizes (400)', async () => {
    const pdf = await uploadOk('operatorA', tA, Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf');
    expect((await get('viewerA', `/hfle/v1/${tA}/files/${pdf.fileId}/image`)).statusCode).toBe(415);
    expect((await image('?width=5000')).statusCode).toBe(400);
    expect((await image('?height=0')).statusCode).toBe(400);
    expect((await image('?flag=2')).statusCode).toBe(400);
  });
});

describe('notice attachments', () => {
  it('a platform announcement’s attachments download from a tenant', async () => {
    const uuid = randomUUID();
    await uploadOk('platform', 0, png, '说明.png', { attachmentUuid: uuid });
    const created = await s.inject({
      method: 'POST',
      url: '/hmsg/v1/0/notices',
      headers: auth(tok.platform),
      payload: { title: 'With file', noticeBody: '<p>see attached</p>', attachmentUuid: uuid, publish: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = json<{ id: number }>(created).id;
    const detail = await get('viewerA', `/hmsg/v1/${tA}/notices/${id}`);
    expect(detail.statusCode).toBe(200);
    const attachments = json<{ attachments: { fileUrl: string; fileName: string }[] }>(detail).attachments;
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.fileName).toBe('说明.png');
    expect(attachments[0]?.fileUrl.startsWith(`/hfle/v1/${tA}/files/`)).toBe(true);
    const file = await get('viewerA', attachments[0]?.fileUrl ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });
});

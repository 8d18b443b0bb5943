import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer, uploadFile } from '../../../../test/harness.js';
import { storedKeys } from '../../../../test/s3.js';
import { resizeSlots } from '../file.image.js';

// Issue 10 item 11: a 2 MB PNG of 16383×16383 RGBA16 was accepted, and six resizes of it at different
// sizes took 38 s and 1.7 GB. Pixels are bounded at upload, sizes are served in buckets (so the variant
// cache cannot be bypassed), and resizes run two at a time. This server accepts at most 4 megapixels.

let s: TestServer;
let tA: number;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ TILTH_IMAGE_MAX_MEGAPIXELS: '4' });
  tA = s.fixtures.tenantA;
  token = await login(s, 'adminA');
});
afterAll(async () => {
  await s?.close();
});

const upload = (bytes: Buffer, name: string) => uploadFile(s, token, tA, name, bytes);
const uploadOk = async (bytes: Buffer, name: string): Promise<string> => {
  const res = await upload(bytes, name);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ fileId: string }>(res).fileId;
};
const image = (fileId: string, query: string) =>
  s.inject({ method: 'GET', url: `/hfle/v1/${tA}/files/${fileId}/image${query}`, headers: auth(token) });

// Whichever the driver (disk, or S3 under TILTH_TEST_STORAGE=s3).
const storedFiles = (): Promise<string[]> => storedKeys(s.platform.config, '');

const chunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** The bomb: a valid PNG header announcing 16383×16383 RGBA at 16 bits, with next to no data. */
const pngBomb = (): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16383, 0);
  ihdr.writeUInt32BE(16383, 4);
  ihdr[8] = 16; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A JPEG whose frame header (announcing w×h) comes after 100 KB of APP15 padding. */
const lateHeaderJpeg = async (w: number, h: number): Promise<Buffer> => {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  const pad: Buffer[] = [];
  for (let i = 0; i < 2; i++) {
    const seg = Buffer.alloc(4 + 60_000, 0x20);
    seg.writeUInt16BE(0xffef, 0);
    seg.writeUInt16BE(60_002, 2);
    pad.push(seg);
  }
  const out = Buffer.concat([jpeg.subarray(0, 2), ...pad, jpeg.subarray(2)]);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  out.writeUInt16BE(h, sof + 5);
  out.writeUInt16BE(w, sof + 7);
  return out;
};

/** A JPEG of pseudo-random pixels: slow enough to resize that concurrent requests overlap. */
const noisy = (width: number, height: number, seed: number) => {
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0, x = seed; i < px.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    px[i] = x >>> 24;
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
};

describe('pixels bounded at upload', () => {
  it('refuses the decompression bomb of the issue with a typed 413, keeping nothing', async () => {
    const before = await storedFiles();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await upload(bomb, 'bomb.png');
    expect(res.statusCode, res.body).toBe(413);
    expect(json(res)).toMatchObject({
      failed: true,
      code: 'hfle.warn.file.tooManyPixels',
      message: 'The image is too large (about 268 megapixels); at most 4 megapixels are accepted',
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an image whose header lies beyond the first bytes, and a huge SVG, once read whole', async () => {
    const before = await storedFiles();
    const late = await lateHeaderJpeg(20_000, 20_000);
    expect(late.indexOf(Buffer.from([0xff, 0xc0]))).toBeGreaterThan(64 * 1024);
    expect((await sharp(late, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const res = await upload(late, 'late.jpg');
    expect(res.statusCode, res.body).toBe(413);
    expect(json(res).code).toBe('hfle.warn.file.tooManyPixels');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>');
    const big = await upload(svg, 'big.svg');
    expect(big.statusCode, big.body).toBe(413);
    expect(await storedFiles()).toEqual(before);
    // The same late header at an allowed size is accepted.
    expect((await upload(await lateHeaderJpeg(100, 100), 'fine.jpg')).statusCode).toBe(200);
  });

  it('accepts exactly the configured bound and refuses one row more', async () => {
    const at = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#204060' } })
      .png()
      .toBuffer();
    const over = await sharp({ create: { width: 2000, height: 2001, channels: 3, background: '#204060' } })
      .png()
      .toBuffer();
    expect((await upload(at, 'at.png')).statusCode).toBe(200);
    const res = await upload(over, 'over.png');
    expect(res.statusCode).toBe(413);
    expect(json(res).code).toBe('hfle.warn.file.tooManyPixels');
  });

  it('refuses an image whose size cannot be read (415)', async () => {
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    const res = await upload(broken, 'broken.png');
    expect(res.statusCode).toBe(415);
    expect(json(res).code).toBe('hfle.warn.file.unreadableImage');
  });
});

describe('resized sizes', () => {
  it('are served in buckets: sizes within one bucket share one cached variant', async () => {
    const id = await uploadOk(await noisy(600, 450, 1), 'field.jpg');
    const first = await image(id, '?width=300&height=300');
    expect(first.headers['x-cache']).toBe('MISS');
    // 300 rounds up to 400: the fitted result is 400 wide.
    expect((await sharp(first.rawPayload).metadata()).width).toBe(400);
    for (const q of ['?width=257&height=257', '?width=399&height=301', '?width=400&height=400']) {
      const res = await image(id, q);
      expect(res.headers['x-cache'], q).toBe('HIT');
      expect(res.rawPayload.equals(first.rawPayload), q).toBe(true);
    }
    expect((await image(id, '?width=401&height=400')).headers['x-cache']).toBe('MISS');
    const cover = await image(id, '?width=100&height=60&flag=1');
    expect(cover.headers['x-cache']).toBe('MISS');
    expect((await image(id, '?width=128&height=33&flag=1')).headers['x-cache']).toBe('HIT');
    const meta = await sharp(cover.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([128, 64]);
    // Above the largest bucket every size is the 1600 variant.
    expect((await image(id, '?width=4096&height=4096')).headers['x-cache']).toBe('MISS');
    expect((await image(id, '?width=2000&height=1601')).headers['x-cache']).toBe('HIT');
  });

  it('run at most two at a time, and a burst of one variant resizes once', async () => {
    const ids = [
      await uploadOk(await noisy(1800, 1800, 2), 'a.jpg'),
      await uploadOk(await noisy(1800, 1800, 3), 'b.jpg'),
    ];
    resizeSlots.peak = 0;
    const queries = ['?width=64', '?width=128', '?width=256', '?width=800'];
    const all = await Promise.all(ids.flatMap((id) => queries.map((q) => image(id, q))));
    for (const res of all) expect([res.statusCode, res.headers['x-cache']]).toEqual([200, 'MISS']);
    // Eight different variants were asked for at once: two resized while the rest waited.
    expect(resizeSlots.peak).toBe(2);
    expect([resizeSlots.active, resizeSlots.waiting]).toEqual([0, 0]);

    resizeSlots.peak = 0;
    const burst = await Promise.all(Array.from({ length: 6 }, () => image(ids[0] ?? '', '?width=1600')));
    expect(resizeSlots.peak).toBe(1);
    for (const res of burst)
      expect(res.rawPayload.equals(burst[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
  });
});

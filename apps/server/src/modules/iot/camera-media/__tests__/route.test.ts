import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSession } from '../../../../platform/auth/access-cache.js';
import { buildApp } from '../../../../platform/http/app.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { mediaHubOf, registerCameraStreamRoutes } from '../camera-stream.routes.js';
import { createDemoProvider } from '../demo.provider.js';
import type { MediaHub } from '../hub.js';
import { signStream, streamKey } from '../stream-token.js';
import { alive, cam, linkScene, probe, SMALL, sleep } from './media.helpers.js';

// The stream route: signed token only, bound to tenant, camera and expiry; the video is MPEG-TS; a revoked
// session ends it; closing the server kills the encoders.

let server: TestServer;
let hub: MediaHub;
let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer();
  await linkScene(server.platform.config.dataDir);
  hub = mediaHubOf(server.platform, { graceMs: 300, sizes: SMALL });
  const { app } = await buildApp(server.platform, false, (a) =>
    registerCameraStreamRoutes(a, server.platform),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
}, 120_000);

afterAll(async () => {
  await close?.();
  await server?.close();
});

const A = () => server.fixtures.tenantA;
const B = () => server.fixtures.tenantB;

/** Reads a streamed answer for `ms`, then hangs up. */
const read = async (url: string, ms: number) => {
  const abort = new AbortController();
  const res = await fetch(`${base}${url}`, { signal: abort.signal });
  const chunks: Buffer[] = [];
  let ended = false;
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    const stop = setTimeout(() => abort.abort(), ms);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          ended = true;
          break;
        }
        chunks.push(Buffer.from(value));
      }
    } catch {
      // aborted by us
    }
    clearTimeout(stop);
  }
  return { res, data: Buffer.concat(chunks), ended };
};

describe('camera stream route', () => {
  it('plays a live demo camera from the URL the provider answers', async () => {
    const provider = createDemoProvider(hub);
    const src = await provider.live(cam(21, A()), 'sd');
    expect(src).toMatchObject({ kind: 'mpegts', expiresIn: 120 });
    const { res, data } = await read(src.url, 2500);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    expect(data[0]).toBe(0x47);
    expect((await probe(data)).frames).toBeGreaterThan(5);
  }, 30_000);

  it("refuses another tenant's URL, a bad token, an expired one and a missing one", async () => {
    const src = await createDemoProvider(hub).live(cam(22, A()), 'hd');
    const token = new URL(src.url, base).searchParams.get('st') ?? '';
    const other = await read(`/wfpe/v1/${B()}/camera/stream/22?st=${token}`, 500);
    expect(other.res.status).toBe(403);
    expect(((await other.res.json()) as { code: string }).code).toBe('wfpe.camera.stream.refused');
    expect((await read(`/wfpe/v1/${A()}/camera/stream/23?st=${token}`, 500)).res.status).toBe(403);
    expect((await read(`/wfpe/v1/${A()}/camera/stream/22?st=${token}x`, 500)).res.status).toBe(403);
    const key = streamKey(server.platform.keys.jwtSecret);
    const expired = signStream(key, {
      t: A(),
      c: 22,
      q: 'hd',
      k: 'live',
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    expect((await read(`/wfpe/v1/${A()}/camera/stream/22?st=${expired}`, 500)).res.status).toBe(403);
    expect((await read(`/wfpe/v1/${A()}/camera/stream/22`, 500)).res.status).toBe(400);
    // A HEAD with a valid token would start an encoder for no viewer: the stream route answers none.
    const head = await fetch(`${base}${src.url}`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    // Nothing was started for any of them.
    expect(hub.encoders().some((e) => e.cameraId === 22 || e.cameraId === 23)).toBe(false);
  }, 30_000);

  it('ends a stream when its session is revoked', async () => {
    const src = await createDemoProvider(hub).live(cam(24, A()), 'sd', { userId: 5, sessionId: 's-24' });
    const reading = read(src.url, 8000);
    await sleep(1500);
    expect(hub.viewerCount()).toBeGreaterThan(0);
    const t0 = Date.now();
    forgetSession('s-24');
    const { ended } = await reading;
    expect(ended).toBe(true);
    expect(Date.now() - t0).toBeLessThan(2000);
  }, 30_000);

  it('kills every encoder when the server closes', async () => {
    const src = await createDemoProvider(hub).live(cam(25, A()), 'sd');
    const reading = read(src.url, 8000);
    // Polled, not slept: on a busy machine the encoder may take longer to start.
    await expect
      .poll(() => hub.encoders().find((e) => e.cameraId === 25)?.pid, { timeout: 10_000 })
      .toBeDefined();
    const pid = hub.encoders().find((e) => e.cameraId === 25)?.pid;
    expect(alive(pid)).toBe(true);
    await close();
    await reading;
    await sleep(200);
    expect(alive(pid)).toBe(false);
    expect(hub.encoderCount()).toBe(0);
  }, 30_000);
});

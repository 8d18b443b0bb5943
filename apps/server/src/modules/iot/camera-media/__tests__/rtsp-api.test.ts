import type { AddressInfo } from 'node:net';
import type { Camera, CameraLive } from '@tilth/contracts/camera.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { caller } from '../../camera/__tests__/camera-helpers.js';
import { probe } from './media.helpers.js';
import { closedPort, startRtspServer, type TestRtspServer } from './rtsp.helpers.js';

// An RTSP camera through the camera API and the stream route of a real server: its settings are checked
// when saved (400 naming the field, nothing stored), the password in a URL is kept out of every answer,
// live plays the camera's H.264 from the signed URL, PTZ without ONVIF is a 400, offline is a 409.

let s: TestServer;
let rtsp: TestRtspServer;
let base = '';
let A = 0;
const tokens: Record<string, string> = {};
let h: ReturnType<typeof caller>;
const allowLoopback = process.env.CAMERA_ALLOW_LOOPBACK;
const v1 = (rest = '') => `/wfpe/v1/${A}/camera${rest}`;
let serial = 0;

const body = (config: Record<string, unknown>) => ({
  name: `RTSP ${++serial}`,
  deviceSerial: `RTSP-SN${serial}`,
  cameraType: 0,
  cameraEnter: 5,
  provider: 'rtsp',
  config,
});

beforeAll(async () => {
  process.env.CAMERA_ALLOW_LOOPBACK = '1';
  [s, rtsp] = await Promise.all([
    startTestServer(),
    startRtspServer({ width: 320, height: 240, fps: 15, profile: 'main', level: '3.1' }),
  ]);
  A = s.fixtures.tenantA;
  // One role is all these calls need (each sign-in hashes a password).
  tokens.admin = await login(s, 'adminA');
  h = caller(s, tokens);
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await s?.close();
  await rtsp?.close();
  if (allowLoopback === undefined) delete process.env.CAMERA_ALLOW_LOOPBACK;
  else process.env.CAMERA_ALLOW_LOOPBACK = allowLoopback;
});

describe('rtsp camera through the API', () => {
  it('refuses a metadata address, another scheme and a missing URL when saved; nothing is stored', async () => {
    for (const [config, field] of [
      [{ rtspUrl: 'rtsp://169.254.169.254/latest' }, 'config.rtspUrl'],
      [{ rtspUrl: 'http://192.168.1.64/live' }, 'config.rtspUrl'],
      [{}, 'config.rtspUrl'],
      [{ rtspUrl: 'rtsp://192.168.1.64/live', onvifHost: '169.254.169.254' }, 'config.onvifHost'],
    ] as const) {
      const e = await h.refused(400, 'admin', 'POST', v1(), body(config));
      expect(e.message).toContain(field);
    }
    const page = await h.ok<{ content: Camera[] }>(
      'admin',
      'GET',
      v1('/tenant?relation=owner&size=0&name=RTSP'),
    );
    expect(page.content).toHaveLength(0);
  });

  it('keeps the password of a URL out of answers; plays live from the signed URL; PTZ without ONVIF is 400', async () => {
    const withPassword = rtsp.url.replace('rtsp://', 'rtsp://admin:s3cret@');
    const cam = await h.ok<Camera>('admin', 'POST', v1(), body({ rtspUrl: withPassword }));
    expect(cam.config).toEqual({ rtspUrl: rtsp.url, username: 'admin' });
    expect(cam.secretKeys).toEqual(['password']);
    expect(JSON.stringify(cam)).not.toContain('s3cret');
    // A PUT to a refused address changes nothing.
    const e = await h.refused(400, 'admin', 'PUT', v1(), {
      ...cam,
      config: { rtspUrl: 'rtsp://[fe80::1]/x' },
    });
    expect(e.message).toContain('config.rtspUrl');
    expect((await h.ok<Camera>('admin', 'GET', v1(`/${cam.id}`))).config.rtspUrl).toBe(rtsp.url);

    const live = await h.ok<CameraLive>('admin', 'POST', v1('/live'), { cameraId: cam.id, protocol: 1 });
    expect(live.kind).toBe('mpegts');
    const abort = new AbortController();
    const res = await fetch(`${base}${live.hdUrl}`, { signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    const chunks: Buffer[] = [];
    const reader = res.body?.getReader();
    const stop = setTimeout(() => abort.abort(), 3500);
    try {
      for (;;) {
        const r = await reader?.read();
        if (!r || r.done) break;
        chunks.push(Buffer.from(r.value));
      }
    } catch {
      // aborted by us
    }
    clearTimeout(stop);
    const p = await probe(Buffer.concat(chunks));
    expect([p.width, p.height]).toEqual([320, 240]);
    expect(p.frames).toBeGreaterThan(3);

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const ptz = await h.call('admin', 'POST', v1(`/${cam.id}`), 'direction=2', form);
    expect(ptz.statusCode).toBe(400);
    expect(ptz.json()).toMatchObject({ code: 'wfpe.warn.camera.noPtz' });
  }, 30_000);

  it('a camera that does not answer is offline (409), not an error', async () => {
    const cam = await h.ok<Camera>(
      'admin',
      'POST',
      v1(),
      body({ rtspUrl: `rtsp://127.0.0.1:${await closedPort()}/live/main` }),
    );
    const e = await h.refused(409, 'admin', 'POST', v1('/live'), { cameraId: cam.id });
    expect(e.code).toBe('wfpe.warn.camera.offline');
    await h.refused(409, 'admin', 'POST', v1(`/img/${cam.id}/capture`));
  });
});

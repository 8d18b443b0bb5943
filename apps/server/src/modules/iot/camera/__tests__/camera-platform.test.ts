import type { Camera, CameraLive, CameraPreset } from '@tilth/contracts/camera.types';
import type { CameraPlatform } from '@tilth/contracts/camera-platform.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRoles, startTestServer, type TestServer } from '../../../../test/harness.js';
import { type EzvizState, type Fake, fakeEzviz, tinyJpeg } from '../../camera-media/__tests__/cloud.fakes.js';
import { caller } from './camera-helpers.js';

// Platform access through the API (issue 16): a tenant's EZVIZ keys set up by the camera manager, never
// answered, never seen by another tenant, and used by that tenant's EZVIZ cameras (live carries the token).

process.env.CAMERA_ALLOW_LOOPBACK = '1';

let s: TestServer;
let A: number;
let B: number;
let ez: Fake;
let ezState: EzvizState;
const tokens: Record<string, string> = {};
let h: ReturnType<typeof caller>;
const url = (t: number, rest = '') => `/wfpe/v1/${t}/camera${rest}`;
const platformOf = (list: CameraPlatform[], p: string) =>
  list.find((x) => x.provider === p) as CameraPlatform;

beforeAll(async () => {
  ezState = {
    appKey: 'app-key-A',
    appSecret: 'app-secret-A',
    issued: [],
    tokenLife: 86_400_000,
    status: 1,
    presets: [],
    jpeg: await tinyJpeg(),
  };
  ez = await fakeEzviz(ezState);
  s = await startTestServer();
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  Object.assign(tokens, await signInRoles(s));
  h = caller(s, tokens);
});
afterAll(async () => {
  await s?.close();
  await ez?.close();
});

describe('camera platform settings', () => {
  it('refuses incomplete, unknown and local settings by field, and changes nothing', async () => {
    const missing = await h.refused(400, 'admin', 'PUT', url(A, '/platform/ezviz'), {
      config: { baseUrl: ez.base, appKey: 'app-key-A' },
    });
    expect(missing.message).toContain('config.appSecret');
    const unknown = await h.refused(400, 'admin', 'PUT', url(A, '/platform/ezviz'), {
      config: { appKey: 'k', appSecret: 's', rtspUrl: 'x' },
    });
    expect(unknown.message).toContain('config.rtspUrl');
    process.env.CAMERA_ALLOW_LOOPBACK = '0';
    try {
      const local = await h.refused(400, 'admin', 'PUT', url(A, '/platform/ezviz'), {
        config: { baseUrl: 'http://169.254.169.254/', appKey: 'k', appSecret: 's' },
      });
      expect(local.message).toContain('config.baseUrl');
    } finally {
      process.env.CAMERA_ALLOW_LOOPBACK = '1';
    }
    await h.refused(400, 'admin', 'PUT', url(A, '/platform/nope'), { config: {} });
    const list = await h.ok<CameraPlatform[]>('admin', 'GET', url(A, '/platform'));
    expect(list.map((p) => [p.provider, p.configured])).toEqual([
      ['ezviz', false],
      ['gb28181', false],
      ['cmcc', false],
    ]);
  });

  it('stores the keys, answers them masked, keeps them when left out, and checks the version', async () => {
    await h.refused(403, 'viewer', 'PUT', url(A, '/platform/ezviz'), {
      config: { baseUrl: ez.base, appKey: 'app-key-A', appSecret: 'app-secret-A' },
    });
    const saved = await h.ok<CameraPlatform>('admin', 'PUT', url(A, '/platform/ezviz'), {
      config: { baseUrl: ez.base, appKey: 'app-key-A', appSecret: 'app-secret-A' },
    });
    expect(saved).toMatchObject({ configured: true, config: { baseUrl: ez.base }, objectVersionNumber: 1 });
    expect(saved.secretKeys.sort()).toEqual(['appKey', 'appSecret']);
    const res = await h.call('admin', 'GET', url(A, '/platform'));
    expect(res.body).not.toContain('app-secret-A');
    expect(res.body).not.toContain('app-key-A');
    // The GET's own answer goes back: secrets left out are kept.
    const again = platformOf(JSON.parse(res.body), 'ezviz');
    await h.refused(400, 'admin', 'PUT', url(A, '/platform/ezviz'), { config: again.config });
    await h.refused(409, 'admin', 'PUT', url(A, '/platform/ezviz'), { ...again, objectVersionNumber: 7 });
    const kept = await h.ok<CameraPlatform>('admin', 'PUT', url(A, '/platform/ezviz'), again);
    expect(kept.objectVersionNumber).toBe(2);
    expect(kept.secretKeys.sort()).toEqual(['appKey', 'appSecret']);
    // Another tenant sees its own (unset) settings only.
    const ofB = await h.ok<CameraPlatform[]>('adminB', 'GET', url(B, '/platform'));
    expect(platformOf(ofB, 'ezviz')).toMatchObject({ configured: false, config: {}, secretKeys: [] });
  });

  it("plays an EZVIZ camera with the tenant's token; another tenant's camera is not served with it", async () => {
    const cam = await h.ok<Camera>('admin', 'POST', url(A), {
      name: 'Gate (EZVIZ)',
      deviceSerial: 'E12345678',
      cameraType: 1,
      cameraEnter: 1,
    });
    expect(cam.provider).toBe('ezviz');
    const live = await h.ok<CameraLive>('viewer', 'POST', url(A, '/live'), { cameraId: cam.id, protocol: 1 });
    expect(live).toMatchObject({
      kind: 'flv',
      accessToken: ezState.issued.at(-1),
      url: 'https://open.ys7.com/v3/openlive/E12345678_1_sd.live.flv',
      hdUrl: 'https://open.ys7.com/v3/openlive/E12345678_1_hd.live.flv',
    });
    // Presets land at the index EZVIZ picked.
    const preset = await h.ok<CameraPreset>('admin', 'POST', url(A, '/preset'), {
      cameraId: cam.id,
      name: 'Gate',
    });
    expect(preset.index).toBe(ezState.presets.at(-1));
    // The camera goes offline: control answers 0, live 409 — never a 500.
    ezState.status = 0;
    try {
      const res = await h.call('admin', 'POST', url(A, `/${cam.id}`), { direction: 0 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('0');
      await h.refused(409, 'viewer', 'POST', url(A, '/live'), { cameraId: cam.id, protocol: 1 });
    } finally {
      ezState.status = 1;
    }
    // Shared to tenant B, A's camera plays through A's settings (B has none of its own).
    await h.ok('admin', 'POST', url(A, '/save-share'), {
      cameraId: cam.id,
      toTenantId: B,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const shared = await h.ok<CameraLive>('adminB', 'POST', url(B, '/live'), {
      cameraId: cam.id,
      protocol: 1,
    });
    expect(shared.accessToken).toBe(ezState.issued.at(-1));
    const camB = await h.ok<Camera>('adminB', 'POST', url(B), {
      name: 'B (EZVIZ)',
      deviceSerial: 'B12345678',
      cameraType: 1,
      cameraEnter: 2,
    });
    const calls = ez.calls.length;
    const refused = await h.refused(409, 'adminB', 'POST', url(B, '/live'), {
      cameraId: camB.id,
      protocol: 1,
    });
    expect(refused.code).toBe('wfpe.camera.platform.notConfigured');
    expect(ez.calls.length).toBe(calls);
  });
});

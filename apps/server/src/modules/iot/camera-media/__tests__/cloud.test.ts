import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../platform/errors.js';
import { createCmccProvider } from '../cmcc.provider.js';
import { createEzvizProvider } from '../ezviz.provider.js';
import { createGb28181Provider } from '../gb28181.provider.js';
import { checkTarget } from '../http-json.js';
import { CameraOfflineError, type CameraRef, type PlatformConfigOf } from '../provider.types.js';
import {
  type EzvizState,
  type Fake,
  fakeCmcc,
  fakeEzviz,
  fakeWvp,
  md5,
  tinyJpeg,
  type WvpState,
} from './cloud.fakes.js';

// The cloud and GB28181 providers against local fakes of the EZVIZ open platform, wvp-GB28181-pro and a
// China Mobile endpoint: parameters as the real APIs take them, tokens, offline answers, per-tenant settings.

process.env.CAMERA_ALLOW_LOOPBACK = '1';

const configs = new Map<string, Record<string, string>>();
const configOf: PlatformConfigOf = async (tenantId, provider) => configs.get(`${tenantId}:${provider}`);

const DEV = '34020000001320000001';
const CH = '34020000001310000001';
const cam = (provider: string, tenantId = 1, config: Record<string, unknown> = {}): CameraRef => ({
  tenantId,
  cameraId: 7,
  provider,
  deviceSerial: provider === 'gb28181' ? DEV : 'D12345678',
  channelNo: 1,
  config,
});

const rejects = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
};

let ez: Fake;
let ezState: EzvizState;
let wvp: Fake;
let wvpState: WvpState;
let cm: Fake;
let cmOnline = true;

beforeAll(async () => {
  const jpeg = await tinyJpeg();
  ezState = {
    appKey: 'key-a',
    appSecret: 'sec-a',
    issued: [],
    tokenLife: 7 * 86_400_000,
    status: 1,
    presets: [],
    jpeg,
  };
  ez = await fakeEzviz(ezState);
  wvpState = { username: 'admin', password: 'pw-a', token: 'wvp-1', online: true, jpeg };
  wvp = await fakeWvp(wvpState);
  cm = await fakeCmcc('cm-token', () => cmOnline);
  configs.set('1:ezviz', { baseUrl: ez.base, appKey: 'key-a', appSecret: 'sec-a' });
  configs.set('1:gb28181', { baseUrl: wvp.base, username: 'admin', password: 'pw-a' });
  configs.set('1:cmcc', {
    liveUrl: `${cm.base}/live?sn={deviceSerial}&ch={channelNo}`,
    statusUrl: `${cm.base}/status?sn={deviceSerial}`,
    token: 'cm-token',
  });
});

afterAll(async () => {
  await Promise.all([ez.close(), wvp.close(), cm.close()]);
});

describe('ezviz', () => {
  const p = createEzvizProvider(configOf);

  it('answers a live FLV address per quality with its access token, fetching the token once', async () => {
    const before = ez.to('/api/lapp/token/get').length;
    const hd = await p.live(cam('ezviz'), 'hd');
    const sd = await p.live(cam('ezviz'), 'sd');
    expect(hd).toMatchObject({ kind: 'flv', accessToken: ezState.issued.at(-1) });
    expect(hd.url).toBe('https://open.ys7.com/v3/openlive/D12345678_1_hd.live.flv');
    expect(sd.url).toContain('_sd.live.flv');
    expect(ez.to('/api/lapp/token/get').length - before).toBe(1);
    const asked = ez.to('/api/lapp/v2/live/address/get').map((c) => c.params);
    expect(asked.at(-2)).toMatchObject({
      deviceSerial: 'D12345678',
      channelNo: '1',
      protocol: '4',
      quality: '1',
      type: '1',
    });
    expect(asked.at(-1)).toMatchObject({ quality: '2' });
    // HLS when the camera asks for it; the verification code goes along for encrypted video.
    const hls = await p.live(cam('ezviz', 1, { protocol: 'hls', verificationCode: 'ABCDEF' }), 'sd');
    expect(hls.kind).toBe('hls');
    expect(ez.to('/api/lapp/v2/live/address/get').at(-1)?.params).toMatchObject({
      protocol: '2',
      code: 'ABCDEF',
    });
  });

  it('fetches a new token when EZVIZ answers 10002 and retries once', async () => {
    const before = ez.to('/api/lapp/token/get').length;
    // The platform revokes the token: the next call answers 10002.
    ezState.issued.push('at.revoked');
    const src = await p.live(cam('ezviz'), 'hd');
    expect(ez.to('/api/lapp/token/get').length - before).toBe(1);
    expect(src.accessToken).toBe(ezState.issued.at(-1));
    expect(src.accessToken).not.toBe('at.revoked');
  });

  it('maps directions 0–9 onto ptz/start and −1 onto ptz/stop', async () => {
    for (const d of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const) await p.ptz(cam('ezviz'), d, 10);
    const starts = ez.to('/api/lapp/device/ptz/start').map((c) => [c.params.direction, c.params.speed]);
    expect(starts.slice(-10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [String(d), '2']));
    await p.ptz(cam('ezviz'), 2, 1);
    expect(ez.to('/api/lapp/device/ptz/start').at(-1)?.params.speed).toBe('0');
    await p.ptz(cam('ezviz'), -1);
    expect(ez.to('/api/lapp/device/ptz/stop').at(-1)?.params).toMatchObject({
      deviceSerial: 'D12345678',
      channelNo: '1',
    });
  });

  it('adds presets at the index EZVIZ picks, moves to and clears them', async () => {
    const i = await p.presetAdd?.(cam('ezviz'), 'gate');
    expect(i).toBe(ezState.presets.at(-1));
    await p.presetGo(cam('ezviz'), i as number);
    expect(ez.to('/api/lapp/device/preset/move').at(-1)?.params.index).toBe(String(i));
    await p.presetDelete(cam('ezviz'), i as number);
    expect(ezState.presets).not.toContain(i);
  });

  it('captures a still by fetching the picUrl, and refuses an oversized picture', async () => {
    const still = await p.capture(cam('ezviz'));
    expect(still.data.equals(ezState.jpeg)).toBe(true);
    ezState.picture = Buffer.alloc(6 * 1024 * 1024, 1);
    try {
      const err = await rejects(p.capture(cam('ezviz')));
      expect((err as AppError).code).toBe('wfpe.camera.platform.tooLarge');
    } finally {
      ezState.picture = undefined;
    }
  });

  it('plays back a range as local playback in Beijing time, and lists recordings', async () => {
    const from = new Date('2026-11-20T02:00:00Z');
    const to = new Date('2026-11-20T03:30:00Z');
    const src = await p.playback(cam('ezviz'), { from, to }, 2);
    expect(src.kind).toBe('flv');
    expect(ez.to('/api/lapp/v2/live/address/get').at(-1)?.params).toMatchObject({
      type: '2',
      startTime: '2026-11-20 10:00:00',
      stopTime: '2026-11-20 11:30:00',
    });
    const spans = await p.recordings(cam('ezviz'), { from, to });
    expect(spans).toEqual([
      { from: new Date(from.getTime() + 60_000), to: new Date(from.getTime() + 120_000) },
    ]);
  });

  it('answers offline (not a failure) for status 0, code 20007 and a platform that is down', async () => {
    ezState.status = 0;
    try {
      expect(await p.online(cam('ezviz'))).toBe(false);
      expect(await rejects(p.live(cam('ezviz'), 'hd'))).toBeInstanceOf(CameraOfflineError);
    } finally {
      ezState.status = 1;
    }
    expect(await p.online(cam('ezviz'))).toBe(true);
    configs.set('9:ezviz', { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's' });
    expect(await p.online(cam('ezviz', 9))).toBe(false);
    expect(await rejects(p.ptz(cam('ezviz', 9), 0))).toBeInstanceOf(CameraOfflineError);
  });

  it("uses each tenant's own keys and never another tenant's", async () => {
    const err = await rejects(p.live(cam('ezviz', 2), 'hd'));
    expect((err as AppError).code).toBe('wfpe.camera.platform.notConfigured');
    expect((err as AppError).status).toBe(409);
    // Tenant 2 with wrong keys is refused by EZVIZ: tenant 1's cached token is not reused.
    configs.set('2:ezviz', { baseUrl: ez.base, appKey: 'key-b', appSecret: 'sec-b' });
    const refused = await rejects(p.live(cam('ezviz', 2), 'hd'));
    expect((refused as AppError).code).toBe('wfpe.camera.platform.refused');
    expect(ez.to('/api/lapp/token/get').at(-1)?.params.appKey).toBe('key-b');
  });
});

describe('per-camera keys', () => {
  it("uses a camera's own EZVIZ keys and wvp server over the tenant's settings", async () => {
    const ezp = createEzvizProvider(configOf);
    // Tenant 5 has no settings; the camera carries its own keys.
    const src = await ezp.live(
      cam('ezviz', 5, { appKey: 'key-a', appSecret: 'sec-a', baseUrl: ez.base }),
      'hd',
    );
    expect(src.kind).toBe('flv');
    const gbp = createGb28181Provider(configOf);
    const own = cam('gb28181', 5, {
      serverUrl: wvp.base,
      username: 'admin',
      password: 'pw-a',
      channelId: CH,
    });
    expect((await gbp.live(own, 'hd')).url).toContain(`${DEV}_${CH}`);
  });
});

describe('gb28181 (wvp-GB28181-pro)', () => {
  const p = createGb28181Provider(configOf);
  const gb = () => cam('gb28181', 1, { channelId: CH });

  it('logs in with the md5 password and plays the FLV address of ZLMediaKit', async () => {
    const src = await p.live(gb(), 'hd');
    expect(src).toMatchObject({ kind: 'flv', url: `http://zlm.example:8080/rtp/${DEV}_${CH}.live.flv` });
    expect(wvp.to('/api/user/login').at(-1)?.params).toEqual({ username: 'admin', password: md5('pw-a') });
    expect(wvp.to(`/api/play/start/${DEV}/${CH}`).at(-1)?.headers['access-token']).toBe('wvp-1');
  });

  it('logs in again when the session has expired', async () => {
    const logins = wvp.to('/api/user/login').length;
    wvpState.token = 'wvp-2';
    await p.live(gb(), 'sd');
    expect(wvp.to('/api/user/login').length).toBe(logins + 1);
  });

  it('maps the pad onto front-end/ptz commands and presets onto preset add / call / delete', async () => {
    const cmds: string[] = [];
    for (const d of [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const) {
      await p.ptz(gb(), d, 4);
      cmds.push(wvp.to(`/api/front-end/ptz/${DEV}/${CH}`).at(-1)?.params.command ?? '');
    }
    expect(cmds).toEqual([
      'stop',
      'up',
      'down',
      'left',
      'right',
      'upleft',
      'downleft',
      'upright',
      'downright',
      'zoomin',
      'zoomout',
    ]);
    expect(wvp.to(`/api/front-end/ptz/${DEV}/${CH}`).at(-1)?.params).toMatchObject({
      horizonSpeed: '102',
      zoomSpeed: '6',
    });
    await p.presetSet(gb(), 3, 'gate');
    await p.presetGo(gb(), 3);
    await p.presetDelete(gb(), 3);
    for (const a of ['add', 'call', 'delete'])
      expect(wvp.to(`/api/front-end/preset/${a}/${DEV}/${CH}`).at(-1)?.params.presetId).toBe('3');
  });

  it('plays back and lists recordings over a range (wall clock of the server)', async () => {
    const from = new Date('2026-11-20T02:00:00Z');
    const to = new Date('2026-11-20T04:00:00Z');
    const src = await p.playback(gb(), { from, to }, 1);
    expect(src.url).toContain('/playback/');
    expect(wvp.to(`/api/playback/start/${DEV}/${CH}`).at(-1)?.params).toEqual({
      startTime: '2026-11-20 10:00:00',
      endTime: '2026-11-20 12:00:00',
    });
    expect(await p.recordings(gb(), { from, to })).toEqual([{ from, to }]);
  });

  it('captures the device snapshot, and answers offline when the device is', async () => {
    expect((await p.capture(gb())).data.equals(wvpState.jpeg)).toBe(true);
    expect(await p.online(gb())).toBe(true);
    wvpState.online = false;
    try {
      expect(await p.online(gb())).toBe(false);
      expect(await rejects(p.live(gb(), 'hd'))).toBeInstanceOf(CameraOfflineError);
    } finally {
      wvpState.online = true;
    }
  });
});

describe('cmcc (China Mobile)', () => {
  const p = createCmccProvider(configOf);

  it('answers the embedded frame URL from the configured endpoint and the state from its status call', async () => {
    const src = await p.live(cam('cmcc'), 'hd');
    expect(src).toMatchObject({ kind: 'iframe', url: 'https://cmcc.example/player?sn=D12345678&ch=1' });
    expect(await p.online(cam('cmcc'))).toBe(true);
    cmOnline = false;
    expect(await p.online(cam('cmcc'))).toBe(false);
    cmOnline = true;
  });

  it('refuses pan-tilt, presets and stills as not supported (4xx)', async () => {
    for (const call of [p.ptz(cam('cmcc'), 0), p.presetGo(cam('cmcc'), 1), p.capture(cam('cmcc'))]) {
      const err = await rejects(call);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(422);
      expect((err as AppError).code).toBe('wfpe.camera.platform.notSupported');
    }
  });
});

describe('targets', () => {
  it('refuses loopback and link-local addresses unless CAMERA_ALLOW_LOOPBACK=1', async () => {
    process.env.CAMERA_ALLOW_LOOPBACK = '0';
    try {
      for (const url of [
        'http://127.0.0.1:8080/',
        'http://localhost/',
        'http://[::1]/',
        'http://169.254.169.254/latest',
        'http://[::ffff:127.0.0.1]/',
        'ftp://example.com/',
      ]) {
        const err = await rejects(checkTarget(url));
        expect((err as AppError).code, url).toBe('wfpe.camera.platform.badTarget');
      }
      expect((await checkTarget('https://203.0.113.5/api')).hostname).toBe('203.0.113.5');
    } finally {
      process.env.CAMERA_ALLOW_LOOPBACK = '1';
    }
  });
});

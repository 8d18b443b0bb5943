import { CameraMediaErrors } from './camera-media.errors.js';
import { field, httpImage, httpJson, str, wallClock } from './http-json.js';
import {
  CameraOfflineError,
  type CameraProvider,
  type CameraRef,
  type PlatformConfigOf,
  type Quality,
  type StreamSource,
} from './provider.types.js';

// The EZVIZ open platform (萤石开放平台, https://open.ys7.com), cameraEnter 1 and 2. Every call is a form POST
// answering {code, msg, data}; code "200" is success. Codes used here (open.ys7.com API docs):
//   10002 accessToken expired or invalid → fetch a new token once and retry;
//   20007 device offline, 20008 device response timeout, 20006 network abnormal → offline.
// Live: /api/lapp/v2/live/address/get — protocol 2 HLS / 4 FLV, quality 1 HD / 2 smooth (SD), type 1 live /
// 2 local (SD card) playback with startTime / stopTime 'yyyy-MM-dd HH:mm:ss' (Beijing time). PTZ directions
// 0 up … 7 right-down, 8 zoom in, 9 zoom out are the spec's own (spec 02 §4), speed 0 slow / 1 / 2 fast.
// Unsure (not confirmable offline): the recordings call `/api/lapp/video/by/time` (recType 2 device storage,
// times in ms) and the 60019/60020 codes of encrypted devices; both are handled conservatively.

export const EZVIZ_DEFAULT_BASE = 'https://open.ys7.com';
const OFFLINE_CODES = new Set(['20006', '20007', '20008']);
const TOKEN_EXPIRED = '10002';
/** Refresh a token this long before EZVIZ says it expires. */
const TOKEN_MARGIN_MS = 10 * 60_000;
/** Seconds a live address stays valid (EZVIZ accepts 30 s … 720 days). */
const ADDRESS_TTL_S = 600;

interface EzvizSettings {
  base: string;
  appKey: string;
  appSecret: string;
}

/** 1–3 slow, 4–7 normal, 8–10 fast (our pad sends 1–10). */
const speedOf = (speed?: number): number => (speed === undefined ? 1 : speed <= 3 ? 0 : speed <= 7 ? 1 : 2);

export const createEzvizProvider = (configOf: PlatformConfigOf): CameraProvider => {
  const tokens = new Map<string, { token: string; until: number }>();

  const settings = async (cam: CameraRef): Promise<EzvizSettings> => {
    // A camera's own keys (the camera form's appKey / appSecret) win over the tenant's platform settings.
    const own = cam.config;
    const c =
      typeof own.appKey === 'string' && own.appKey && typeof own.appSecret === 'string' && own.appSecret
        ? {
            appKey: own.appKey,
            appSecret: own.appSecret,
            baseUrl: typeof own.baseUrl === 'string' ? own.baseUrl : '',
          }
        : cam.platform !== undefined
          ? cam.platform
          : await configOf(cam.tenantId, 'ezviz');
    if (!c?.appKey || !c.appSecret) throw CameraMediaErrors.notConfigured({ provider: 'ezviz' });
    return {
      base: (c.baseUrl || EZVIZ_DEFAULT_BASE).replace(/\/+$/, ''),
      appKey: c.appKey,
      appSecret: c.appSecret,
    };
  };
  // Keyed by the settings too: changed keys or another tenant never reuse a token.
  const tokenKey = (cam: CameraRef, s: EzvizSettings) =>
    `${cam.tenantId}\n${s.base}\n${s.appKey}\n${s.appSecret}`;

  const pending = new Map<string, Promise<string>>();

  const token = async (cam: CameraRef, s: EzvizSettings, fresh = false): Promise<string> => {
    const key = tokenKey(cam, s);
    const cached = tokens.get(key);
    if (!fresh && cached && cached.until > Date.now()) return cached.token;
    // Concurrent calls (live asks HD and SD at once) share one token request.
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const p = fetchToken(key, s).finally(() => pending.delete(key));
    pending.set(key, p);
    return p;
  };

  const fetchToken = async (key: string, s: EzvizSettings): Promise<string> => {
    const { json } = await httpJson(`${s.base}/api/lapp/token/get`, {
      form: { appKey: s.appKey, appSecret: s.appSecret },
    });
    const data = field(json, 'data');
    const accessToken = str(data, 'accessToken');
    if (str(json, 'code') !== '200' || !accessToken)
      throw CameraMediaErrors.platformRefused({
        detail: `${str(json, 'code')} ${str(json, 'msg') ?? ''}`.trim(),
      });
    // expireTime is epoch milliseconds; the token lives 7 days.
    const expire = Number(field(data, 'expireTime') ?? Date.now() + 3_600_000);
    tokens.set(key, { token: accessToken, until: expire - TOKEN_MARGIN_MS });
    return accessToken;
  };

  /** One API call with the tenant's token; answers `data` (and the token used). */
  const call = async (
    cam: CameraRef,
    path: string,
    form: Record<string, string | number | undefined>,
  ): Promise<{ data: unknown; token: string }> => {
    const s = await settings(cam);
    for (let attempt = 0; ; attempt++) {
      const t = await token(cam, s, attempt > 0);
      const { json } = await httpJson(`${s.base}${path}`, { form: { accessToken: t, ...form } });
      const code = str(json, 'code');
      if (code === '200') return { data: field(json, 'data'), token: t };
      if (code === TOKEN_EXPIRED && attempt === 0) continue;
      if (code && OFFLINE_CODES.has(code)) throw new CameraOfflineError(`ezviz ${code}`);
      throw CameraMediaErrors.platformRefused({ detail: `${code ?? '?'} ${str(json, 'msg') ?? ''}`.trim() });
    }
  };

  const device = (cam: CameraRef) => ({
    deviceSerial: cam.deviceSerial,
    channelNo: cam.channelNo,
  });
  /** The device's verification code, for encrypted video (the camera's verificationCode). */
  const codeOf = (cam: CameraRef) =>
    typeof cam.config.verificationCode === 'string' ? cam.config.verificationCode : undefined;
  const hlsWanted = (cam: CameraRef) => cam.config.protocol === 'hls';

  const address = async (
    cam: CameraRef,
    form: Record<string, string | number | undefined>,
  ): Promise<StreamSource> => {
    const hls = hlsWanted(cam);
    const { data, token: t } = await call(cam, '/api/lapp/v2/live/address/get', {
      ...device(cam),
      protocol: hls ? 2 : 4,
      code: codeOf(cam),
      expireTime: ADDRESS_TTL_S,
      ...form,
    });
    const url = str(data, 'url');
    if (!url) throw CameraMediaErrors.platformRefused({ detail: 'no url' });
    return { kind: hls ? 'hls' : 'flv', url, expiresIn: ADDRESS_TTL_S, accessToken: t };
  };

  const timeZone = (cam: CameraRef) =>
    typeof cam.config.timeZone === 'string' ? cam.config.timeZone : 'Asia/Shanghai';

  return {
    name: 'ezviz',
    online: async (cam) => {
      try {
        const { data } = await call(cam, '/api/lapp/device/info', { deviceSerial: cam.deviceSerial });
        return Number(field(data, 'status')) === 1;
      } catch (err) {
        if (err instanceof CameraOfflineError) return false;
        throw err;
      }
    },
    live: (cam, quality: Quality) => address(cam, { type: 1, quality: quality === 'hd' ? 1 : 2 }),
    recordings: async (cam, range) => {
      const { data } = await call(cam, '/api/lapp/video/by/time', {
        ...device(cam),
        startTime: range.from.getTime(),
        endTime: range.to.getTime(),
        recType: 2,
      });
      return (Array.isArray(data) ? data : [])
        .map((r) => ({
          from: new Date(Number(field(r, 'startTime'))),
          to: new Date(Number(field(r, 'endTime'))),
        }))
        .filter((r) => !Number.isNaN(r.from.getTime()) && !Number.isNaN(r.to.getTime()));
    },
    // EZVIZ plays recordings at 1×; the player speeds them up (speed is the player's).
    playback: (cam, range) =>
      address(cam, {
        type: 2,
        quality: 1,
        startTime: wallClock(range.from, timeZone(cam)),
        stopTime: wallClock(range.to, timeZone(cam)),
      }),
    ptz: async (cam, direction, speed) => {
      if (direction === -1) {
        await call(cam, '/api/lapp/device/ptz/stop', device(cam));
        return;
      }
      await call(cam, '/api/lapp/device/ptz/start', { ...device(cam), direction, speed: speedOf(speed) });
    },
    // EZVIZ picks a new preset's index itself (presetAdd); setting a given index is the same call.
    presetSet: async (cam) => {
      await call(cam, '/api/lapp/device/preset/add', device(cam));
    },
    presetAdd: async (cam) => {
      const { data } = await call(cam, '/api/lapp/device/preset/add', device(cam));
      const index = Number(field(data, 'index'));
      if (!Number.isInteger(index) || index < 1)
        throw CameraMediaErrors.platformRefused({ detail: 'no index' });
      return index;
    },
    presetGo: async (cam, index) => {
      await call(cam, '/api/lapp/device/preset/move', { ...device(cam), index });
    },
    presetDelete: async (cam, index) => {
      await call(cam, '/api/lapp/device/preset/clear', { ...device(cam), index });
    },
    capture: async (cam) => {
      const { data } = await call(cam, '/api/lapp/device/capture', device(cam));
      const picUrl = str(data, 'picUrl');
      if (!picUrl) throw CameraMediaErrors.platformRefused({ detail: 'no picUrl' });
      return { data: await httpImage(picUrl), takenAt: new Date() };
    },
  };
};

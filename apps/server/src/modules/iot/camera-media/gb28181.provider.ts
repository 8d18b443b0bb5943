import { createHash } from 'node:crypto';
import { CameraMediaErrors } from './camera-media.errors.js';
import { field, httpImage, httpJson, str, wallClock } from './http-json.js';
import {
  CameraOfflineError,
  type CameraProvider,
  type CameraRef,
  type PlatformConfigOf,
  type PtzDirection,
  type StreamSource,
} from './provider.types.js';

// A GB28181 server over its HTTP API, as wvp-GB28181-pro (github.com/648540858/wvp-GB28181-pro, 2.7.x)
// serves it with ZLMediaKit behind it (cameraEnter 3). Answers are WVPResult {code, msg, data}, code 0 OK.
// Paths (its controllers, checked against the repository's source):
//   GET /api/user/login?username=&password=<md5>            user/UserController → data.accessToken,
//       sent back as the `access-token` header (JwtUtils.HEADER); 401 / code 401 → log in again once
//   GET /api/play/start/{deviceId}/{channelId}              gb28181/controller/PlayController → StreamContent
//       (flv, https_flv, ws_flv, hls, … served by ZLMediaKit)
//   GET /api/playback/start/{deviceId}/{channelId}?startTime=&endTime=   PlaybackController ('yyyy-MM-dd HH:mm:ss')
//   GET /api/gb_record/query/{deviceId}/{channelId}?startTime=&endTime=  GBRecordController → data.recordList
//   GET /api/front-end/ptz/{deviceId}/{channelId}?command=&horizonSpeed=&verticalSpeed=&zoomSpeed=  PtzController
//   GET /api/front-end/preset/add|call|delete/{deviceId}/{channelId}?presetId=                    PtzController
//   GET /api/device/query/snap/{deviceId}/{channelId}       DeviceQuery (image/jpeg)
//   GET /api/device/query/devices/{deviceId}                DeviceQuery → Device.onLine
// GB28181 ids are 20-digit codes: the device is the camera's `config.deviceId`, else its device serial; the
// channel its `config.channelId`, else the device's code (an IPC whose only channel has it).

const COMMAND: Record<Exclude<PtzDirection, -1>, string> = {
  0: 'up',
  1: 'down',
  2: 'left',
  3: 'right',
  4: 'upleft',
  5: 'downleft',
  6: 'upright',
  7: 'downright',
  8: 'zoomin',
  9: 'zoomout',
};
/** wvp answers a live address valid while the stream is played; the player reopens it after this. */
const STREAM_TTL_S = 300;

interface WvpSettings {
  base: string;
  username: string;
  password: string;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export const createGb28181Provider = (configOf: PlatformConfigOf): CameraProvider => {
  const tokens = new Map<string, string>();

  const settings = async (cam: CameraRef): Promise<WvpSettings> => {
    // A camera's own server (the camera form's serverUrl / username / password) wins over the tenant's.
    const own = cam.config;
    const text = (k: string) => (typeof own[k] === 'string' ? (own[k] as string) : '');
    const c =
      text('serverUrl') && text('username') && text('password')
        ? { baseUrl: text('serverUrl'), username: text('username'), password: text('password') }
        : cam.platform !== undefined
          ? cam.platform
          : await configOf(cam.tenantId, 'gb28181');
    if (!c?.baseUrl || !c.username || !c.password)
      throw CameraMediaErrors.notConfigured({ provider: 'gb28181' });
    return { base: c.baseUrl.replace(/\/+$/, ''), username: c.username, password: c.password };
  };
  const keyOf = (cam: CameraRef, s: WvpSettings) =>
    `${cam.tenantId}\n${s.base}\n${s.username}\n${s.password}`;

  const login = async (s: WvpSettings): Promise<string> => {
    const { json } = await httpJson(`${s.base}/api/user/login`, {
      query: { username: s.username, password: md5(s.password) },
    });
    const t = str(field(json, 'data'), 'accessToken');
    if (Number(field(json, 'code')) !== 0 || !t)
      throw CameraMediaErrors.platformRefused({ detail: str(json, 'msg') ?? 'login' });
    return t;
  };

  /** A GET with the tenant's session; answers WVPResult.data (or the whole answer when unwrapped). */
  const get = async (cam: CameraRef, path: string, query: Record<string, string | number> = {}) => {
    const s = await settings(cam);
    const key = keyOf(cam, s);
    for (let attempt = 0; ; attempt++) {
      let t = tokens.get(key);
      if (!t || attempt > 0) {
        t = await login(s);
        tokens.set(key, t);
      }
      const { status, json } = await httpJson(`${s.base}${path}`, { query, headers: { 'access-token': t } });
      const code = field(json, 'code');
      if ((status === 401 || Number(code) === 401) && attempt === 0) continue;
      if (status >= 500) throw new CameraOfflineError(`wvp ${status}`);
      if (code === undefined && status === 200) return json;
      if (Number(code) === 0) return field(json, 'data');
      // ERROR100 (command failed / device not answering) and 404-like codes: the camera cannot be reached.
      if (Number(code) === 100 || Number(code) === 404) throw new CameraOfflineError(`wvp ${String(code)}`);
      throw CameraMediaErrors.platformRefused({ detail: str(json, 'msg') ?? String(code) });
    }
  };

  const ids = (cam: CameraRef) => {
    const device =
      typeof cam.config.deviceId === 'string' && cam.config.deviceId ? cam.config.deviceId : cam.deviceSerial;
    const channel =
      typeof cam.config.channelId === 'string' && cam.config.channelId
        ? cam.config.channelId
        : cam.deviceSerial;
    return `${encodeURIComponent(device)}/${encodeURIComponent(channel)}`;
  };
  const timeZone = (cam: CameraRef) =>
    typeof cam.config.timeZone === 'string' ? cam.config.timeZone : 'Asia/Shanghai';

  /** The browser plays HTTP-FLV (mpegts.js); https_flv when the server gives one, else flv, else HLS. */
  const streamOf = (content: unknown): StreamSource => {
    const flv = str(content, 'https_flv') || str(content, 'flv');
    if (flv) return { kind: 'flv', url: flv, expiresIn: STREAM_TTL_S };
    const hls = str(content, 'https_hls') || str(content, 'hls');
    if (hls) return { kind: 'hls', url: hls, expiresIn: STREAM_TTL_S };
    throw CameraMediaErrors.platformRefused({ detail: 'no stream address' });
  };

  /** Reads a 'yyyy-MM-dd HH:mm:ss' wall clock of `tz` back into an instant. */
  const instantOf = (s: string | undefined, tz: string): Date | undefined => {
    const m = s?.match(/^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)$/);
    if (!m) return undefined;
    const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    const guess = Date.UTC(y, mo - 1, d, h, mi, se);
    const shown = wallClock(new Date(guess), tz).replace(' ', 'T');
    return new Date(guess - (Date.parse(`${shown}Z`) - guess));
  };

  return {
    name: 'gb28181',
    online: async (cam) => {
      try {
        const d = await get(cam, `/api/device/query/devices/${ids(cam).split('/')[0]}`);
        return field(d, 'onLine') === true || Number(field(d, 'onLine')) === 1;
      } catch (err) {
        if (err instanceof CameraOfflineError) return false;
        throw err;
      }
    },
    // A GB28181 channel has one stream here; HD and SD are the same address.
    live: async (cam) => streamOf(await get(cam, `/api/play/start/${ids(cam)}`)),
    recordings: async (cam, range) => {
      const tz = timeZone(cam);
      const d = await get(cam, `/api/gb_record/query/${ids(cam)}`, {
        startTime: wallClock(range.from, tz),
        endTime: wallClock(range.to, tz),
      });
      const list = field(d, 'recordList');
      return (Array.isArray(list) ? list : []).flatMap((r) => {
        const from = instantOf(str(r, 'startTime'), tz);
        const to = instantOf(str(r, 'endTime'), tz);
        return from && to ? [{ from, to }] : [];
      });
    },
    playback: async (cam, range) => {
      const tz = timeZone(cam);
      return streamOf(
        await get(cam, `/api/playback/start/${ids(cam)}`, {
          startTime: wallClock(range.from, tz),
          endTime: wallClock(range.to, tz),
        }),
      );
    },
    ptz: async (cam, direction, speed) => {
      const s = speed ?? 5;
      await get(cam, `/api/front-end/ptz/${ids(cam)}`, {
        command: direction === -1 ? 'stop' : COMMAND[direction],
        // Our pad's 1–10 onto GB28181's 0–255 pan / tilt and 0–15 zoom speeds.
        horizonSpeed: Math.min(255, Math.round(s * 25.5)),
        verticalSpeed: Math.min(255, Math.round(s * 25.5)),
        zoomSpeed: Math.min(15, Math.max(1, Math.round(s * 1.5))),
      });
    },
    presetSet: async (cam, index) => {
      await get(cam, `/api/front-end/preset/add/${ids(cam)}`, { presetId: index });
    },
    presetGo: async (cam, index) => {
      await get(cam, `/api/front-end/preset/call/${ids(cam)}`, { presetId: index });
    },
    presetDelete: async (cam, index) => {
      await get(cam, `/api/front-end/preset/delete/${ids(cam)}`, { presetId: index });
    },
    capture: async (cam) => {
      const s = await settings(cam);
      // The snapshot path needs no session in wvp (WebSecurityConfig lets it through).
      const data = await httpImage(`${s.base}/api/device/query/snap/${ids(cam)}`);
      return { data, takenAt: new Date() };
    },
  };
};

import { CameraMediaErrors } from './camera-media.errors.js';
import { field, httpJson, str } from './http-json.js';
import {
  CameraOfflineError,
  type CameraProvider,
  type CameraRef,
  type PlatformConfigOf,
} from './provider.types.js';

// China Mobile (cameraEnter 4, spec 02 §2): the camera modal shows the platform's own player in a frame.
// `liveUrl` (and `statusUrl`) are the tenant's endpoints; {deviceSerial} and {channelNo} in them are filled
// in. They answer JSON with the frame's `url` (or data.url) and the state as online / status (1 or true).
// The platform drives its own pan-tilt, presets and stills, so those answer "not supported" here.

const FRAME_TTL_S = 300;

const fill = (template: string, cam: CameraRef) =>
  template
    .replaceAll('{deviceSerial}', encodeURIComponent(cam.deviceSerial))
    .replaceAll('{channelNo}', String(cam.channelNo));

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'online';

export const createCmccProvider = (configOf: PlatformConfigOf): CameraProvider => {
  const settings = async (cam: CameraRef) => {
    const c = cam.platform !== undefined ? cam.platform : await configOf(cam.tenantId, 'cmcc');
    if (!c?.liveUrl) throw CameraMediaErrors.notConfigured({ provider: 'cmcc' });
    return { liveUrl: c.liveUrl, statusUrl: c.statusUrl, token: c.token };
  };
  const ask = async (cam: CameraRef, template: string, token: string | undefined) => {
    const { status, json } = await httpJson(fill(template, cam), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (status >= 500) throw new CameraOfflineError(`cmcc ${status}`);
    if (status !== 200)
      throw CameraMediaErrors.platformRefused({ detail: str(json, 'msg') ?? String(status) });
    return field(json, 'data') ?? json;
  };
  const unsupported = async (): Promise<never> => {
    throw CameraMediaErrors.notSupported();
  };

  return {
    name: 'cmcc',
    online: async (cam) => {
      const c = await settings(cam);
      try {
        const d = await ask(cam, c.statusUrl || c.liveUrl, c.token);
        // Without a status call, a live address answered means the camera is there.
        if (!c.statusUrl) return Boolean(str(d, 'url'));
        return truthy(field(d, 'online')) || truthy(field(d, 'status'));
      } catch (err) {
        if (err instanceof CameraOfflineError) return false;
        throw err;
      }
    },
    live: async (cam) => {
      const c = await settings(cam);
      const url = str(await ask(cam, c.liveUrl, c.token), 'url');
      if (!url || !/^https?:\/\//.test(url)) throw CameraMediaErrors.platformRefused({ detail: 'no url' });
      return { kind: 'iframe', url, expiresIn: FRAME_TTL_S };
    },
    // The platform's frame has its own timeline; nothing recorded is known here.
    recordings: async () => [],
    playback: unsupported,
    ptz: unsupported,
    presetSet: unsupported,
    presetGo: unsupported,
    presetDelete: unsupported,
    capture: unsupported,
  };
};

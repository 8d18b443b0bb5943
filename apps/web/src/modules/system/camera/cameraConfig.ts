import { CAMERA_SECRET_KEY, type CameraProviderName } from '@tilth/contracts/camera.types';

// The settings each provider reads from a camera's config. Secret ones (CAMERA_SECRET_KEY) are write-only:
// the server stores them and answers only their names, so the form leaves them blank to keep them.

export const CONFIG_KEYS: Record<CameraProviderName, readonly string[]> = {
  demo: [],
  rtsp: ['rtspUrl', 'onvifHost', 'onvifPort', 'username', 'password'],
  ezviz: ['appKey', 'appSecret'],
  gb28181: ['serverUrl', 'deviceId', 'username', 'password'],
  cmcc: ['appId', 'appSecret'],
};

export const isSecretKey = (key: string): boolean => CAMERA_SECRET_KEY.test(key);

/** The config to send: non-secret values as typed, secret ones only when typed (blank keeps the stored one). */
export const configToSend = (
  provider: CameraProviderName,
  values: Record<string, string | undefined>,
): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  for (const key of CONFIG_KEYS[provider]) {
    const v = (values[key] ?? '').trim();
    if (!v) continue;
    out[key] = key === 'onvifPort' && /^\d+$/.test(v) ? Number(v) : v;
  }
  return out;
};

/** The provider a camera of access method `enter` uses by default (spec 02 §4; 5 is ours). */
export const defaultProvider = (enter: number): CameraProviderName =>
  enter === 1 || enter === 2 ? 'ezviz' : enter === 3 ? 'gb28181' : enter === 4 ? 'cmcc' : 'demo';

import { RtspErrors } from './rtsp.errors.js';
import { checkedAddress, checkedRtspUrl } from './rtsp-guard.js';

// An RTSP camera's settings, flat in the camera's `config` (contracts allow flat values only; keys matching
// CAMERA_SECRET_KEY — password, rtspPassword, onvifPassword — are stored and never answered):
//   rtspUrl (main stream, HD), rtspUrlSd (sub stream, optional), username and password (the console's form:
//   the camera's account, used for RTSP and ONVIF alike), onvifHost, onvifPort (default 80), and when the
//   two accounts differ rtspUser / rtspPassword, onvifUser / onvifPassword, rtspTranscode (H.265 → H.264).

export interface RtspConfig {
  rtspUrl: string;
  rtspUrlSd: string | undefined;
  user: string | undefined;
  password: string | undefined;
  onvif: { host: string; port: number; user: string | undefined; password: string | undefined } | undefined;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

const secret = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export const rtspConfigOf = (config: Record<string, unknown>): RtspConfig => {
  const host = text(config.onvifHost);
  const port = Number(config.onvifPort ?? 80);
  return {
    rtspUrl: text(config.rtspUrl) ?? '',
    rtspUrlSd: text(config.rtspUrlSd),
    user: text(config.rtspUser) ?? text(config.username),
    password: secret(config.rtspPassword) ?? secret(config.password),
    onvif: host
      ? {
          host,
          port: Number.isInteger(port) ? port : 80,
          user: text(config.onvifUser) ?? text(config.username),
          password: secret(config.onvifPassword) ?? secret(config.password),
        }
      : undefined,
  };
};

/**
 * Checks an RTSP camera's settings when it is saved (400 naming the field; the address is resolved and
 * must not be loopback / link-local) and answers them tidied: a user and password written into a URL
 * (rtsp://admin:pw@…) move to username / password, so the URL answered by GET holds no secret.
 */
export const validateRtspConfig = async (
  config: Record<string, unknown>,
): Promise<Record<string, unknown>> => {
  const out: Record<string, unknown> = { ...config };
  if (text(config.rtspUrl) === undefined) throw RtspErrors.badUrl({ field: 'config.rtspUrl' });
  for (const key of ['rtspUrl', 'rtspUrlSd'] as const) {
    const raw = text(config[key]);
    if (raw === undefined) {
      delete out[key];
      continue;
    }
    await checkedRtspUrl(raw, `config.${key}`);
    const u = new URL(raw);
    if (u.username || u.password) {
      // Written into the URL is the newest word: it replaces a stored user and password.
      out.username = decodeURIComponent(u.username);
      if (u.password) out.password = decodeURIComponent(u.password);
      u.username = '';
      u.password = '';
    }
    out[key] = u.href;
  }
  const host = text(config.onvifHost);
  if (host !== undefined) {
    await checkedAddress(host, 'config.onvifHost');
    const port = Number(config.onvifPort ?? 80);
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw RtspErrors.badHost({ field: 'config.onvifPort' });
  }
  return out;
};

/** The URL ffmpeg opens: the checked address with the configured user and password. */
export const withCredentials = (url: URL, cfg: Pick<RtspConfig, 'user' | 'password'>): string => {
  const u = new URL(url.href);
  if (cfg.user) u.username = encodeURIComponent(cfg.user);
  if (cfg.password) u.password = encodeURIComponent(cfg.password);
  return u.href;
};

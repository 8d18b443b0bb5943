import { createHmac } from 'node:crypto';

// What a scan keeps of its client: a browser / OS family (never the full user agent) and a keyed hash of
// the address (repeat scans from one place are seen, the address itself is never stored).

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/i, 'WeChat'],
  [/AlipayClient/i, 'Alipay'],
  [/DingTalk/i, 'DingTalk'],
  [/\bQQ\//i, 'QQ'],
  [/UCBrowser/i, 'UC'],
  [/HuaweiBrowser/i, 'Huawei Browser'],
  [/SamsungBrowser/i, 'Samsung Internet'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/HarmonyOS|OpenHarmony/i, 'HarmonyOS'],
  [/Android/i, 'Android'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Windows/i, 'Windows'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];

/** "Browser / OS" from a user agent, each part 'Other' when unknown; null without a user agent. */
export const clientFamily = (userAgent: string | undefined | null): string | null => {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'Other';
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? 'Other';
  return `${browser} / ${system}`;
};

/** HMAC-SHA-256 of the address under the server's scan key, shortened (enough to tell clients apart). */
export const clientKeyOf = (key: string, clientIp: string | undefined | null): string | null =>
  clientIp
    ? createHmac('sha256', key).update(`trace-scan:${clientIp}`).digest('base64url').slice(0, 22)
    : null;

/** Rounds a coordinate to 0.1° (about 11 km): a town, never a house. null when out of range. */
export const coarse = (v: number | undefined | null, limit: number): number | null =>
  v === undefined || v === null || !Number.isFinite(v) || Math.abs(v) > limit
    ? null
    : Math.round(v * 10) / 10;

/** Great-circle distance in km (haversine, mean Earth radius). */
export const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }): number => {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
};

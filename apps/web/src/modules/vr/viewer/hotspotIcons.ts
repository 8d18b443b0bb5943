import { HOTSPOT_ICON_NAMES } from '@tilth/contracts/vr.types';

// The editor's built-in hotspot icons (spec 03 §4 'icon choice'). A hotspot stores the icon's name; the
// viewer draws it from here, so the public page needs no stored file for it.

const svg = (body: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`,
  )}`;

const ring = '<circle cx="32" cy="32" r="29" fill="rgba(0,0,0,.45)" stroke="#fff" stroke-width="3"/>';

// Exactly the contract's names (the server refuses any other): `satisfies` fails on a missing or extra one.
export const HOTSPOT_ICONS = {
  arrow: svg(`${ring}<path d="M32 14 L48 38 H38 V50 H26 V38 H16 Z" fill="#fff"/>`),
  info: svg(
    `${ring}<circle cx="32" cy="19" r="4" fill="#fff"/><rect x="28" y="27" width="8" height="22" rx="2" fill="#fff"/>`,
  ),
  camera: svg(
    `${ring}<rect x="14" y="22" width="26" height="20" rx="3" fill="#fff"/><path d="M42 28 L52 22 V42 L42 36 Z" fill="#fff"/>`,
  ),
  device: svg(
    `${ring}<rect x="20" y="18" width="24" height="28" rx="3" fill="none" stroke="#fff" stroke-width="4"/><circle cx="32" cy="39" r="3" fill="#fff"/>`,
  ),
  image: svg(
    `${ring}<rect x="15" y="18" width="34" height="28" rx="3" fill="none" stroke="#fff" stroke-width="4"/><path d="M18 43 L28 31 L36 39 L41 34 L47 43 Z" fill="#fff"/>`,
  ),
  link: svg(
    `${ring}<path d="M27 37 L37 27 M24 31 L20 35 A6 6 0 0 0 29 44 L33 40 M40 33 L44 29 A6 6 0 0 0 35 20 L31 24" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  ),
  pin: svg(
    `${ring}<path d="M32 14 A11 11 0 0 1 43 25 C43 34 32 48 32 48 C32 48 21 34 21 25 A11 11 0 0 1 32 14 Z" fill="#fff"/>`,
  ),
} as const satisfies Record<(typeof HOTSPOT_ICON_NAMES)[number], string>;

export type HotspotIconName = keyof typeof HOTSPOT_ICONS;
export { HOTSPOT_ICON_NAMES };
export const DEFAULT_HOTSPOT_ICON: HotspotIconName = 'arrow';

/** What an <img> or a marker can show for a stored icon: a built-in name, else the URL as stored. */
export const hotspotIconSrc = (url: string): string =>
  url in HOTSPOT_ICONS ? HOTSPOT_ICONS[url as HotspotIconName] : url || HOTSPOT_ICONS[DEFAULT_HOTSPOT_ICON];

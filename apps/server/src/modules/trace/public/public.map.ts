import type { TracePublicRecord } from '@tilth/contracts/trace.types';
import { escapeHtml } from './public.html.js';

// The origin map of the public page: the plots' polygons, their names and the base's center on an inline
// SVG with a scale bar and a north arrow. No tile server is reachable from a buyer's phone behind the
// page's CSP, and none is needed to show where the lot grew.

const W = 360;
const H = 240;
const PAD = 28;
const M_PER_DEG_LAT = 111_320;

type Place = TracePublicRecord['places'][number];
type LngLat = [number, number];

/** 'lat,lng' → [lng, lat], or null when it is not two finite numbers within range. */
export const parseCenter = (s: string | null | undefined): LngLat | null => {
  const parts = (s ?? '').split(',').map((x) => Number(x.trim()));
  const [lat, lng] = parts;
  if (parts.length !== 2 || lat === undefined || lng === undefined) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return [lng, lat];
};

const validRing = (r: unknown): r is LngLat[] =>
  Array.isArray(r) &&
  r.length >= 3 &&
  r.every(
    (p) =>
      Array.isArray(p) &&
      p.length === 2 &&
      Number.isFinite(p[0]) &&
      Number.isFinite(p[1]) &&
      Math.abs(p[1]) <= 90,
  );

/** A round length (1, 2 or 5 × 10ⁿ metres) near a quarter of the map's width. */
const niceLength = (metres: number): number => {
  const p = 10 ** Math.floor(Math.log10(metres));
  const m = metres / p;
  return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * p;
};

const fmt = (n: number): string => n.toFixed(1);

/** The map's SVG, or null when the record has no coordinates at all. */
export const originMapSvg = (
  places: Place[],
  texts: { title: string; base: string; scale: string },
): string | null => {
  // A plot's rings are drawn as one even-odd path (an inner ring is a hole), labelled once at its largest.
  const plots = places.flatMap((p) => {
    const rings = (p.boundary ?? []).filter(validRing);
    return rings.length > 0 ? [{ rings, name: p.landName ?? '' }] : [];
  });
  const rings = plots.flatMap((p) => p.rings.map((ring) => ({ ring })));
  const bases = places.flatMap((p) => {
    const c = parseCenter(p.areaCenter);
    return c ? [{ at: c, name: p.areaName }] : [];
  });
  const plotCenters = places.flatMap((p) => {
    const c = parseCenter(p.landCenter);
    return c && !(p.boundary ?? []).some(validRing) ? [{ at: c, name: p.landName ?? '' }] : [];
  });
  const pts: LngLat[] = [
    ...rings.flatMap((r) => r.ring),
    ...bases.map((b) => b.at),
    ...plotCenters.map((c) => c.at),
  ];
  if (pts.length === 0) return null;
  const lngs = pts.map((p) => p[0]);
  const lats = pts.map((p) => p[1]);
  let [minX, maxX, minY, maxY] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  // Equirectangular at the middle latitude: fine at a farm's scale, and metres per pixel stay even.
  const k = Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
  // At least ~200 m across, so a single point still gets a sensible scale.
  const minSpanDeg = 200 / M_PER_DEG_LAT;
  if ((maxX - minX) * k < minSpanDeg) {
    const c = (minX + maxX) / 2;
    minX = c - minSpanDeg / k / 2;
    maxX = c + minSpanDeg / k / 2;
  }
  if (maxY - minY < minSpanDeg) {
    const c = (minY + maxY) / 2;
    minY = c - minSpanDeg / 2;
    maxY = c + minSpanDeg / 2;
  }
  const scale = Math.min((W - 2 * PAD) / ((maxX - minX) * k), (H - 2 * PAD) / (maxY - minY));
  const offX = (W - (maxX - minX) * k * scale) / 2;
  const offY = (H - (maxY - minY) * scale) / 2;
  const xy = ([lng, lat]: LngLat): [number, number] => [
    offX + (lng - minX) * k * scale,
    H - offY - (lat - minY) * scale,
  ];

  const spread = (r: LngLat[]) =>
    (Math.max(...r.map((q) => q[0])) - Math.min(...r.map((q) => q[0]))) *
    (Math.max(...r.map((q) => q[1])) - Math.min(...r.map((q) => q[1])));
  const shapes = plots.map(({ rings: own, name }) => {
    const d = own.map((r) => `M${r.map((q) => xy(q).map(fmt).join(',')).join('L')}Z`).join('');
    const main = own.reduce((a, b) => (spread(b) > spread(a) ? b : a));
    const p = main.map(xy);
    const cx = p.reduce((acc, q) => acc + q[0], 0) / p.length;
    const cy = p.reduce((acc, q) => acc + q[1], 0) / p.length;
    return (
      `<path class="plot" fill-rule="evenodd" d="${d}"/>` +
      (name ? `<text class="lbl" x="${fmt(cx)}" y="${fmt(cy)}">${escapeHtml(name)}</text>` : '')
    );
  });
  const plotDots = plotCenters.map(({ at, name }) => {
    const [x, y] = xy(at);
    return `<rect class="plot" x="${fmt(x - 6)}" y="${fmt(y - 6)}" width="12" height="12"/><text class="lbl" x="${fmt(x)}" y="${fmt(y - 10)}">${escapeHtml(name)}</text>`;
  });
  const baseDots = bases.map(({ at, name }) => {
    const [x, y] = xy(at);
    return `<circle class="base" cx="${fmt(x)}" cy="${fmt(y)}" r="5"/><text class="lbl base-l" x="${fmt(x)}" y="${fmt(y + 16)}">${escapeHtml(name)}</text>`;
  });
  // Scale bar: a round length near a quarter of the width, in m or km.
  const metresPerPx = M_PER_DEG_LAT / scale;
  const len = niceLength((W / 4) * metresPerPx);
  const px = len / metresPerPx;
  const label = len >= 1000 ? `${len / 1000} km` : `${len} m`;
  const bar =
    `<g class="scale" aria-label="${escapeHtml(texts.scale)} ${label}"><path d="M12 ${H - 14}v6h${fmt(px)}v-6"/>` +
    `<text x="${fmt(12 + px / 2)}" y="${H - 18}">${label}</text></g>`;
  const north = `<g class="north"><path d="M${W - 18} 12l6 16h-12z"/><text x="${W - 18}" y="40">N</text></g>`;
  return (
    `<svg class="map" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(texts.title)}">` +
    `<title>${escapeHtml(texts.title)}</title><rect class="bg" width="${W}" height="${H}"/>` +
    shapes.join('') +
    plotDots.join('') +
    baseDots.join('') +
    bar +
    north +
    '</svg>'
  );
};

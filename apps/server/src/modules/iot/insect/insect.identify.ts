import { UNIDENTIFIED } from '@tilth/contracts/insect.types';
import sharp from 'sharp';

// Automatic counting of insects on a trap photo. The default is honest image processing, not a trained
// model: on a light sticky board insects are dark blobs, so the photo is thresholded and its connected
// dark components are counted. A blob is 'unidentified' unless a configured size band names it; a real
// classifier can replace this behind the same interface.

export interface FoundBox {
  name: string;
  /** [x, y, w, h] as fractions of the image. */
  box: [number, number, number, number];
}

export interface Identification {
  boxes: FoundBox[];
  counts: { name: string; count: number }[];
  width: number;
  height: number;
}

export interface InsectIdentifier {
  identify(image: Buffer): Promise<Identification>;
}

/** Blobs whose area (fraction of the image) falls in [minArea, maxArea) get this name. */
export interface SizeBand {
  name: string;
  minArea: number;
  maxArea: number;
}

export interface LocalIdentifierOptions {
  bands?: readonly SizeBand[];
  /** The photo is scaled down to this many pixels on its longer side before analysis. */
  maxSide?: number;
  /** A pixel is dark when at least this much darker than the board (the median grey). */
  minContrast?: number;
  /** Smallest and largest blob, as fractions of the image: below is noise, above is frame or shadow. */
  minBlob?: number;
  maxBlob?: number;
  /** Photos over this many pixels are refused before decoding (TILTH_IMAGE_MAX_MEGAPIXELS). */
  maxInputPixels?: number;
}

/** Otsu's threshold of a 256-bin histogram: the grey level that best splits it into two classes. */
export const otsu = (hist: Uint32Array, total: number): number => {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] ?? 0);
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let at = 0;
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * (hist[t] ?? 0);
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      at = t;
    }
  }
  return at;
};

const medianOf = (hist: Uint32Array, total: number): number => {
  let seen = 0;
  for (let i = 0; i < 256; i++) {
    seen += hist[i] ?? 0;
    if (seen * 2 >= total) return i;
  }
  return 255;
};

interface Blob {
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** 8-connected components of the `dark` mask (two passes with union-find). */
export const components = (dark: Uint8Array, w: number, h: number): Blob[] => {
  const labels = new Int32Array(w * h);
  const parent: number[] = [0];
  const find = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[x] !== r) {
      const next = parent[x] as number;
      parent[x] = r;
      x = next;
    }
    return r;
  };
  const union = (a: number, b: number): number => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return ra;
    const [lo, hi] = ra < rb ? [ra, rb] : [rb, ra];
    parent[hi] = lo;
    return lo;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!dark[i]) continue;
      let label = 0;
      // Already-labelled neighbours: W, NW, N, NE.
      const neighbours = [
        x > 0 ? labels[i - 1] : 0,
        x > 0 && y > 0 ? labels[i - w - 1] : 0,
        y > 0 ? labels[i - w] : 0,
        x < w - 1 && y > 0 ? labels[i - w + 1] : 0,
      ];
      for (const n of neighbours) {
        if (!n) continue;
        label = label === 0 ? n : union(label, n);
      }
      if (label === 0) {
        label = parent.length;
        parent.push(label);
      }
      labels[i] = label;
    }
  }
  const blobs = new Map<number, Blob>();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = labels[y * w + x];
      if (!l) continue;
      const root = find(l);
      const b = blobs.get(root);
      if (!b) blobs.set(root, { area: 1, minX: x, minY: y, maxX: x, maxY: y });
      else {
        b.area++;
        if (x < b.minX) b.minX = x;
        if (x > b.maxX) b.maxX = x;
        if (y < b.minY) b.minY = y;
        if (y > b.maxY) b.maxY = y;
      }
    }
  }
  return [...blobs.values()];
};

const r4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Counts from boxes, largest first (ties by name). */
export const countBoxes = (boxes: readonly { name: string }[]): { name: string; count: number }[] => {
  const m = new Map<string, number>();
  for (const b of boxes) m.set(b.name, (m.get(b.name) ?? 0) + 1);
  return [...m]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
};

export class LocalInsectIdentifier implements InsectIdentifier {
  private readonly bands: readonly SizeBand[];
  private readonly maxSide: number;
  private readonly minContrast: number;
  private readonly minBlob: number;
  private readonly maxBlob: number;
  private readonly maxInputPixels: number;

  constructor(opts: LocalIdentifierOptions = {}) {
    this.bands = opts.bands ?? [];
    this.maxSide = opts.maxSide ?? 1024;
    this.minContrast = opts.minContrast ?? 40;
    this.minBlob = opts.minBlob ?? 0.00001;
    this.maxBlob = opts.maxBlob ?? 0.02;
    this.maxInputPixels = opts.maxInputPixels ?? 40_000_000;
  }

  async identify(image: Buffer): Promise<Identification> {
    const { data, info } = await sharp(image, { failOn: 'error', limitInputPixels: this.maxInputPixels })
      .rotate()
      .resize({ width: this.maxSide, height: this.maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: w, height: h, channels } = info;
    const n = w * h;
    const grey = new Uint8Array(n);
    for (let i = 0; i < n; i++) grey[i] = data[i * channels] ?? 255;
    const hist = new Uint32Array(256);
    for (let i = 0; i < n; i++) hist[grey[i] as number] = (hist[grey[i] as number] ?? 0) + 1;
    // Otsu splits insects from the board; the contrast floor keeps an empty board's noise from counting.
    const threshold = Math.min(otsu(hist, n), medianOf(hist, n) - this.minContrast);
    const dark = new Uint8Array(n);
    for (let i = 0; i < n; i++) dark[i] = (grey[i] as number) < threshold ? 1 : 0;
    const minArea = Math.max(4, this.minBlob * n);
    const maxArea = this.maxBlob * n;
    const boxes: FoundBox[] = components(dark, w, h)
      .filter((b) => b.area >= minArea && b.area <= maxArea)
      .sort((a, b) => a.minY - b.minY || a.minX - b.minX)
      .map((b) => {
        const frac = b.area / n;
        const band = this.bands.find((s) => frac >= s.minArea && frac < s.maxArea);
        return {
          name: band?.name ?? UNIDENTIFIED,
          box: [r4(b.minX / w), r4(b.minY / h), r4((b.maxX - b.minX + 1) / w), r4((b.maxY - b.minY + 1) / h)],
        };
      });
    return { boxes, counts: countBoxes(boxes), width: w, height: h };
  }
}

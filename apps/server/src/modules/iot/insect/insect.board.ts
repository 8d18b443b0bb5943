import sharp from 'sharp';

// Synthetic trap photos: a yellow sticky board with dark insects, for the demo and for tests of the
// identifier. Each insect is an ellipse (body) with a smaller head, in a dark brown-grey.

export interface Dot {
  /** Centre as fractions of the board. */
  x: number;
  y: number;
  /** Radius in pixels. */
  r: number;
}

export const renderTrapBoard = async (opts: {
  width: number;
  height: number;
  dots: readonly Dot[];
  format?: 'jpeg' | 'png';
}): Promise<Buffer> => {
  const { width, height } = opts;
  const insects = opts.dots
    .map((d, i) => {
      const cx = Math.round(d.x * width);
      const cy = Math.round(d.y * height);
      const angle = (i * 47) % 180;
      return (
        `<g transform="rotate(${angle} ${cx} ${cy})">` +
        `<ellipse cx="${cx}" cy="${cy}" rx="${d.r}" ry="${Math.max(1, Math.round(d.r * 0.6))}" fill="#2b2418"/>` +
        `<circle cx="${cx + d.r}" cy="${cy}" r="${Math.max(1, Math.round(d.r * 0.35))}" fill="#1d1710"/></g>`
      );
    })
    .join('');
  // A soft light falloff towards the corners, as a real board photographed under a lamp.
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><radialGradient id="g" cx="50%" cy="50%" r="75%"><stop offset="0%" stop-color="#f6e65a"/>` +
    `<stop offset="100%" stop-color="#d9c53c"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${insects}</svg>`;
  const img = sharp(Buffer.from(svg));
  return opts.format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
};

/** Deterministic pseudo-random numbers (mulberry32) so generated boards repeat. */
export const seeded = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** n dots scattered without touching each other (a grid of cells, one dot jittered inside each). */
export const scatterDots = (n: number, rand: () => number, rMin = 4, rMax = 8): Dot[] => {
  const cols = Math.ceil(Math.sqrt(n * 1.5));
  const rows = Math.ceil((n * 1.5) / cols);
  const cells = Array.from({ length: cols * rows }, (_, i) => i);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [cells[i], cells[j]] = [cells[j] as number, cells[i] as number];
  }
  return cells.slice(0, n).map((c) => ({
    x: ((c % cols) + 0.3 + rand() * 0.4) / cols,
    y: (Math.floor(c / cols) + 0.3 + rand() * 0.4) / rows,
    r: Math.round(rMin + rand() * (rMax - rMin)),
  }));
};

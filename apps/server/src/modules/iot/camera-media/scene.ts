import { spawn } from 'node:child_process';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

// The farm every demo camera looks into: one wide panorama drawn once as SVG and rasterised with sharp
// (a day and a night variant, plus a cloud sprite), cached under TILTH_DATA_DIR/camera. Each demo camera
// looks at its own part of it; pan / tilt / zoom move a crop window over it.

export const SCENE_W = 7680;
export const SCENE_H = 2160;
/** Where the sky ends (scene pixels): clouds drift above it. */
export const HORIZON_Y = 760;
const SCENE_VERSION = 3;

export interface SceneFiles {
  day: string;
  night: string;
  /** The day and night scenes as raw yuv420p: an encoder reads them without decoding a 16-Mpixel JPEG. */
  dayRaw: string;
  nightRaw: string;
  cloud: string;
  width: number;
  height: number;
}

/** A small deterministic PRNG, so every server draws the same farm. */
const rng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

const field = (x: number, y: number, w: number, h: number, rows: number, a: string, b: string): string => {
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${a}"/>`;
  for (let i = 0; i < rows; i += 2) {
    const ry = y + (h / rows) * i;
    s += `<rect x="${x}" y="${ry.toFixed(1)}" width="${w}" height="${(h / rows).toFixed(1)}" fill="${b}"/>`;
  }
  return s;
};

const greenhouse = (x: number, y: number, w: number, h: number, night: boolean): string => {
  const glass = night ? '#f3d27a' : '#e8f1f2';
  const ribs = Array.from({ length: 8 }, (_, i) => {
    const rx = x + (w / 8) * (i + 0.5);
    return `<line x1="${rx}" y1="${y}" x2="${rx}" y2="${y + h}" stroke="${night ? '#8a6d2a' : '#9fb3b7'}" stroke-width="4"/>`;
  }).join('');
  const glow = night
    ? `<ellipse cx="${x + w / 2}" cy="${y + h / 2}" rx="${w * 0.75}" ry="${h * 0.9}" fill="#ffd36b" fill-opacity="0.18"/>`
    : '';
  return `${glow}<path d="M${x} ${y + h} L${x} ${y + h * 0.35} Q${x + w / 2} ${y - h * 0.45} ${x + w} ${y + h * 0.35} L${x + w} ${y + h} Z" fill="${glass}" fill-opacity="${night ? 0.95 : 0.85}" stroke="#6b7c80" stroke-width="6"/>${ribs}`;
};

const tree = (x: number, y: number, r: number, night: boolean): string =>
  `<rect x="${x - r * 0.12}" y="${y}" width="${r * 0.24}" height="${r * 1.1}" fill="${night ? '#1d140c' : '#5b3b1e'}"/>` +
  `<circle cx="${x}" cy="${y - r * 0.2}" r="${r}" fill="${night ? '#0f2a14' : '#2f7d32'}"/>` +
  `<circle cx="${x - r * 0.45}" cy="${y + r * 0.1}" r="${r * 0.7}" fill="${night ? '#12301a' : '#388e3c'}"/>`;

const sign = (x: number, y: number, text: string, night: boolean): string =>
  `<rect x="${x}" y="${y}" width="220" height="110" rx="10" fill="${night ? '#3b3b2a' : '#fff8e1'}" stroke="#4e342e" stroke-width="8"/>` +
  `<text x="${x + 110}" y="${y + 80}" font-family="DejaVu Sans" font-weight="bold" font-size="72" text-anchor="middle" fill="${night ? '#d8c98a' : '#3e2723'}">${text}</text>`;

/** The panorama as SVG; `night` darkens the land, lights the greenhouses and adds stars and a moon. */
export const sceneSvg = (night: boolean): string => {
  const r = rng(20_251_126);
  const W = SCENE_W;
  const H = SCENE_H;
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">${
      night
        ? '<stop offset="0" stop-color="#050b24"/><stop offset="1" stop-color="#1d2b57"/>'
        : '<stop offset="0" stop-color="#4f93d8"/><stop offset="1" stop-color="#cfe8f7"/>'
    }</linearGradient></defs>`,
    `<rect width="${W}" height="${HORIZON_Y + 40}" fill="url(#sky)"/>`,
  );
  if (night) {
    for (let i = 0; i < 500; i++)
      parts.push(
        `<circle cx="${(r() * W).toFixed(0)}" cy="${(r() * HORIZON_Y * 0.9).toFixed(0)}" r="${(1 + r() * 3).toFixed(1)}" fill="#fffbe6" fill-opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`,
      );
    parts.push(
      `<circle cx="${W * 0.7}" cy="200" r="90" fill="#f4f1d0"/><circle cx="${W * 0.7 + 35}" cy="180" r="80" fill="#0a1430"/>`,
    );
  } else {
    parts.push(`<circle cx="${W * 0.3}" cy="210" r="110" fill="#fff3b0"/>`);
  }
  // Distant hills, then the land.
  const hill = (y: number, amp: number, color: string) => {
    let d = `M0 ${y}`;
    for (let x = 0; x <= W; x += 240)
      d += ` L${x} ${(y - amp * (0.5 + 0.5 * Math.sin(x / 700 + amp))).toFixed(0)}`;
    parts.push(`<path d="${d} L${W} ${H} L0 ${H} Z" fill="${color}"/>`);
  };
  hill(HORIZON_Y, 160, night ? '#17261f' : '#7fa88a');
  hill(HORIZON_Y + 40, 70, night ? '#142016' : '#8db36b');
  parts.push(
    `<rect y="${HORIZON_Y + 40}" width="${W}" height="${H - HORIZON_Y - 40}" fill="${night ? '#16200f' : '#9fbf5a'}"/>`,
  );
  // Fields in rows: four blocks across the width, two bands deep.
  const palettes: [string, string][] = night
    ? [
        ['#1c2a12', '#142008'],
        ['#2a2412', '#1f1a0b'],
        ['#18280f', '#10200a'],
      ]
    : [
        ['#7cb342', '#558b2f'],
        ['#c8a165', '#a47c48'],
        ['#9ccc65', '#689f38'],
        ['#e0c068', '#c9a64a'],
      ];
  const labels = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  for (let band = 0; band < 2; band++) {
    const y = HORIZON_Y + 120 + band * 640;
    for (let i = 0; i < 8; i++) {
      if (band === 1 && i === 5) continue; // the pond goes here
      const [a, b] = palettes[(i + band) % palettes.length] ?? ['#7cb342', '#558b2f'];
      const x = 120 + i * 940;
      parts.push(field(x, y, 860, 520, 14 + band * 6, a, b));
      parts.push(sign(x + 30, y + 20, `${labels[i]}${band + 1}`, night));
    }
  }
  // Greenhouses in a row between the bands.
  for (let i = 0; i < 6; i++) parts.push(greenhouse(300 + i * 1200, HORIZON_Y - 90, 900, 190, night));
  // The pond, with reeds.
  parts.push(
    `<ellipse cx="${120 + 5 * 940 + 430}" cy="${HORIZON_Y + 1020}" rx="470" ry="240" fill="${night ? '#0b1a33' : '#3f8fc5'}" stroke="${night ? '#10200a' : '#5d7f3a'}" stroke-width="18"/>`,
  );
  parts.push(
    `<ellipse cx="${120 + 5 * 940 + 330}" cy="${HORIZON_Y + 980}" rx="150" ry="40" fill="${night ? '#e8e6c8' : '#bfe3f7'}" fill-opacity="0.35"/>`,
  );
  // Trees along the hedges.
  for (let i = 0; i < 70; i++) {
    const x = r() * W;
    const y = HORIZON_Y + 60 + (i % 2) * 630 + r() * 30;
    parts.push(tree(x, y, 40 + r() * 50, night));
  }
  // A farmhouse and lamps.
  parts.push(
    `<rect x="6900" y="${HORIZON_Y - 160}" width="520" height="260" fill="${night ? '#3a2a20' : '#b5523b'}"/><path d="M6860 ${HORIZON_Y - 160} L7160 ${HORIZON_Y - 330} L7460 ${HORIZON_Y - 160} Z" fill="${night ? '#2a1d15' : '#6d2f22'}"/><rect x="6980" y="${HORIZON_Y - 100}" width="120" height="90" fill="${night ? '#ffd36b' : '#cfe8f7'}"/><rect x="7240" y="${HORIZON_Y - 100}" width="120" height="90" fill="${night ? '#ffd36b' : '#cfe8f7'}"/>`,
  );
  if (night)
    for (let i = 0; i < 12; i++)
      parts.push(
        `<circle cx="${300 + i * 640}" cy="${HORIZON_Y + 700}" r="60" fill="#ffe08a" fill-opacity="0.25"/><circle cx="${300 + i * 640}" cy="${HORIZON_Y + 700}" r="12" fill="#fff3c4"/>`,
      );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
};

const cloudSvg = (): string => {
  const puffs = [
    [120, 110, 80],
    [210, 80, 95],
    [310, 105, 85],
    [400, 120, 60],
    [260, 140, 90],
  ]
    .map(([x, y, rr]) => `<circle cx="${x}" cy="${y}" r="${rr}" fill="#ffffff"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="240"><g opacity="0.85">${puffs}</g></svg>`;
};

const exists = async (file: string): Promise<boolean> =>
  stat(file).then(
    (s) => s.size > 0,
    () => false,
  );

const render = async (file: string, svg: string, format: 'jpeg' | 'png'): Promise<void> => {
  if (await exists(file)) return;
  const tmp = `${file}.${process.pid}.tmp`;
  // Rasterised into memory first: a lazy pipeline would make libvips render the SVG again per tile.
  const raster = await sharp(Buffer.from(svg), { limitInputPixels: SCENE_W * SCENE_H * 2 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const img = sharp(raster.data, { raw: raster.info });
  await (format === 'jpeg' ? img.removeAlpha().jpeg({ quality: 88 }) : img.png()).toFile(tmp);
  await rename(tmp, file);
};

/** The scene as raw yuv420p frames (once): halves an encoder's start (decoding the JPEGs took ~0.4 s). */
const toRaw = async (ffmpeg: string, from: string, file: string): Promise<void> => {
  if (await exists(file)) return;
  const tmp = `${file}.${process.pid}.tmp`;
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', from];
  await new Promise<void>((resolve, reject) => {
    const p = spawn(ffmpeg, [...args, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', tmp], { stdio: 'ignore' });
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
  await rename(tmp, file);
};

const pending = new Map<string, Promise<SceneFiles>>();

/** Renders the scene files once per data directory (a few seconds), then answers the cached paths. */
export const ensureScene = (dataDir: string, ffmpeg = 'ffmpeg'): Promise<SceneFiles> => {
  const hit = pending.get(dataDir);
  if (hit) return hit;
  const p = (async () => {
    const dir = path.join(dataDir, 'camera');
    await mkdir(dir, { recursive: true });
    const files: SceneFiles = {
      day: path.join(dir, `scene-v${SCENE_VERSION}-day.jpg`),
      night: path.join(dir, `scene-v${SCENE_VERSION}-night.jpg`),
      dayRaw: path.join(dir, `scene-v${SCENE_VERSION}-day.yuv`),
      nightRaw: path.join(dir, `scene-v${SCENE_VERSION}-night.yuv`),
      cloud: path.join(dir, `scene-v${SCENE_VERSION}-cloud.png`),
      width: SCENE_W,
      height: SCENE_H,
    };
    // One after the other: in parallel they only contend for the same cores.
    await render(files.day, sceneSvg(false), 'jpeg');
    await render(files.night, sceneSvg(true), 'jpeg');
    await render(files.cloud, cloudSvg(), 'png');
    await toRaw(ffmpeg, files.day, files.dayRaw);
    await toRaw(ffmpeg, files.night, files.nightRaw);
    await writeFile(path.join(dir, 'README'), 'Demo camera scene (generated; safe to delete).\n');
    return files;
  })().catch((err: unknown) => {
    pending.delete(dataDir);
    throw err;
  });
  pending.set(dataDir, p);
  return p;
};

import type { ArmImage } from '@tilth/contracts/device-family-ops.types';
import sharp from 'sharp';
import { type PhotoTarget, uploadDeviceImage } from './photos.js';
import { hashString, noise } from './random.js';

// The camera on the simulated robotic arm: on a capture command (and once at start) it renders what it
// would see looking down on a greenhouse crop from its pose — rows of plants along the Y rail, seen wider
// the higher the Z axis, turned by the R axis — with the pose and time stamped in, and uploads the JPEG
// to the arm image endpoint (POST /wfpe/v1/{t}/device/mar/img/upload, HTTP Basic with its MQTT username
// and secret), where it joins the arm's image list.

export interface ArmPose {
  axisR: number;
  axisY: number;
  axisZ: number;
}

export const ARM_PHOTO_WIDTH = 1280;
export const ARM_PHOTO_HEIGHT = 720;
/** Spacing of the crop rows across the rail and of the plants along a row, in millimetres. */
const ROW_MM = 450;
const PLANT_MM = 380;
const LEAF_GREENS = ['#2f6b2a', '#3f7f34', '#4f9a3c', '#356f2e', '#5aa845'] as const;

const f1 = (v: number) => v.toFixed(1);

/** China time (UTC+8) as the stamp shows it. */
const stampTime = (t: number): string =>
  new Date(t + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

/** Millimetres of canopy the frame spans across: wider as the camera rises on Z. */
export const viewSpanMm = (axisZ: number): number => 900 + Math.max(0, axisZ) * 0.9;

/** One plant seen from above: overlapping leaves round a stem, a few ripe fruits on some. */
const plantSvg = (seed: number, row: number, n: number, x: number, y: number, scale: number): string => {
  const r = (k: string) => noise(seed, 'plant', row, n, k);
  const leaves: string[] = [];
  const count = 6 + Math.floor(r('count') * 4);
  const size = (135 + 60 * r('size')) * scale;
  for (let i = 0; i < count; i++) {
    const angle = (360 / count) * i + 40 * r(`a${i}`);
    const rx = size * (0.55 + 0.3 * r(`l${i}`));
    const fill = LEAF_GREENS[Math.floor(r(`c${i}`) * LEAF_GREENS.length)] ?? LEAF_GREENS[0];
    leaves.push(
      `<ellipse cx="${f1(rx * 0.8)}" cy="0" rx="${f1(rx)}" ry="${f1(rx * 0.38)}" fill="${fill}" ` +
        `transform="rotate(${f1(angle)})" stroke="#1f4a1c" stroke-width="${f1(Math.max(0.6, scale * 2))}"/>`,
    );
  }
  const fruits: string[] = [];
  if (r('fruiting') < 0.55) {
    const k = 1 + Math.floor(r('fruits') * 3);
    for (let i = 0; i < k; i++) {
      const a = 2 * Math.PI * r(`fa${i}`);
      const d = size * 0.35 * r(`fd${i}`);
      const ripe = r(`fr${i}`) < 0.6;
      fruits.push(
        `<circle cx="${f1(Math.cos(a) * d)}" cy="${f1(Math.sin(a) * d)}" r="${f1(28 * scale)}" ` +
          `fill="${ripe ? '#c8321e' : '#9bbf3a'}" stroke="#6d1a10" stroke-width="${f1(scale * 2)}"/>`,
      );
    }
  }
  return (
    `<g transform="translate(${f1(x)} ${f1(y)})">${leaves.join('')}` +
    `<circle r="${f1(14 * scale)}" fill="#6b5a2e"/>${fruits.join('')}</g>`
  );
};

/**
 * The JPEG the arm's camera takes at a pose: soil and drip lines, the plants of the rows in view (the
 * same plant always at the same place along the rail), the stamp with the serial, the axes and the time.
 */
export const renderArmPhoto = async (
  pose: ArmPose,
  o: { seed: number; eui: string; takenAt: number },
  w = ARM_PHOTO_WIDTH,
  h = ARM_PHOTO_HEIGHT,
): Promise<Buffer> => {
  const seed = o.seed ^ hashString(`arm:${o.eui}`);
  // Draw a square window large enough that the rotated frame never shows its edge.
  const diag = Math.hypot(w, h);
  const span = viewSpanMm(pose.axisZ);
  const pxPerMm = w / span;
  const halfMm = diag / 2 / pxPerMm;
  const scale = pxPerMm;
  const rows: string[] = [];
  const plants: string[] = [];
  // Rows run along Y (the rail); the frame is centred on the rail between rows 0 and 1.
  for (let row = Math.floor(-halfMm / ROW_MM) - 1; row <= Math.ceil(halfMm / ROW_MM) + 1; row++) {
    const x = (row * ROW_MM + ROW_MM / 2) * pxPerMm;
    rows.push(`<line x1="${f1(x)}" y1="${f1(-diag)}" x2="${f1(x)}" y2="${f1(diag)}"/>`);
    const first = Math.floor((pose.axisY - halfMm) / PLANT_MM) - 1;
    const last = Math.ceil((pose.axisY + halfMm) / PLANT_MM) + 1;
    for (let n = first; n <= last; n++) {
      // A gap now and then where a plant failed; others stand a little off the line.
      if (noise(seed, 'gap', row, n) < 0.06) continue;
      const jx = (noise(seed, 'jx', row, n) - 0.5) * 60;
      const jy = (noise(seed, 'jy', row, n) - 0.5) * 80;
      plants.push(
        plantSvg(seed, row, n, x + jx * pxPerMm, (n * PLANT_MM + jy - pose.axisY) * pxPerMm, scale),
      );
    }
  }
  const stamp =
    `${o.eui}  R ${f1(pose.axisR)}°  Y ${Math.round(pose.axisY)} mm  Z ${Math.round(pose.axisZ)} mm  ` +
    stampTime(o.takenAt);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    '<defs><radialGradient id="soil" cx="50%" cy="50%" r="75%"><stop offset="0%" stop-color="#8a6a45"/>' +
    '<stop offset="100%" stop-color="#5e4630"/></radialGradient>' +
    '<radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="60%" stop-color="#000" stop-opacity="0"/>' +
    '<stop offset="100%" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>' +
    '<rect width="100%" height="100%" fill="url(#soil)"/>' +
    `<g transform="translate(${w / 2} ${h / 2}) rotate(${f1(pose.axisR)})">` +
    `<g stroke="#2b2b2b" stroke-width="${f1(Math.max(1, 16 * pxPerMm))}">${rows.join('')}</g>` +
    `${plants.join('')}</g>` +
    '<rect width="100%" height="100%" fill="url(#vignette)"/>' +
    `<rect x="0" y="${h - 40}" width="${w}" height="40" fill="#000" fill-opacity="0.55"/>` +
    `<text x="16" y="${h - 14}" font-family="DejaVu Sans Mono, monospace" font-size="20" fill="#fff">${stamp}</text>` +
    '</svg>';
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
};

export interface ArmCameraStats {
  photos: number;
  failed: number;
}

/** The arm's camera: one photo at a time at the pose the arm is in when asked. */
export class ArmCamera {
  readonly stats: ArmCameraStats = { photos: 0, failed: 0 };
  private busy: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: PhotoTarget,
    private readonly pose: () => ArmPose,
    private readonly opts: { seed: number; now: () => number; log: (msg: string) => void },
  ) {}

  /** Takes and uploads a photo; resolves with the stored image, or undefined when the upload failed. */
  shoot(): Promise<ArmImage | undefined> {
    const run = this.busy.then(async () => {
      const takenAt = this.opts.now();
      try {
        const jpeg = await renderArmPhoto(this.pose(), {
          seed: this.opts.seed,
          eui: this.target.eui,
          takenAt,
        });
        const stored = (await uploadDeviceImage(this.target, 'device/mar/img/upload', jpeg)) as ArmImage;
        this.stats.photos++;
        return stored;
      } catch (err) {
        this.stats.failed++;
        this.opts.log(`simulator: ${this.target.typeKey} ${this.target.eui}: ${(err as Error).message}`);
        return undefined;
      }
    });
    this.busy = run.then(() => undefined);
    return run;
  }

  /** Resolves when the photo in flight, if any, is done. */
  stop(): Promise<void> {
    return this.busy;
  }
}

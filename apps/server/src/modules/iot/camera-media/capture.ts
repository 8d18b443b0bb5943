import sharp, { type OverlayOptions } from 'sharp';
import type { SceneFiles } from './scene.js';
import { cropOf, type View } from './view.js';

// A still of what a demo camera sees now, made from the scene images directly (no encoder needed, so it
// works whether or not anyone watches): the view's crop of day and night blended by daylight, with the
// farm's local time stamped as in the live picture.

const stamp = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);

const escapeXml = (s: string): string =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

export interface StillOptions {
  scene: SceneFiles;
  view: View;
  width: number;
  height: number;
  daylight: number;
  timeZone: string;
  label: string;
  at: Date;
}

export const renderStill = async (o: StillOptions): Promise<Buffer> => {
  const c = cropOf(o.view);
  const region = { left: c.x, top: c.y, width: c.w, height: c.h };
  const part = (file: string) =>
    sharp(file, { limitInputPixels: o.scene.width * o.scene.height * 2 })
      .extract(region)
      .resize(o.width, o.height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
  const day = await part(o.scene.day);
  const layers: OverlayOptions[] = [];
  if (o.daylight < 0.995) {
    const night = await sharp(await part(o.scene.night), {
      raw: { width: o.width, height: o.height, channels: 3 },
    })
      .ensureAlpha(Math.min(1, Math.max(0, 1 - o.daylight)))
      .png()
      .toBuffer();
    layers.push({ input: night });
  }
  const fs = Math.max(12, Math.round(o.height / 24));
  const text = escapeXml(`${stamp(o.at, o.timeZone)}  ${o.label}`);
  layers.push({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${fs * 2}"><text x="${fs / 2}" y="${fs * 1.4}" font-family="DejaVu Sans" font-size="${fs}" fill="white" stroke="black" stroke-width="${Math.max(1, fs / 12)}" paint-order="stroke">${text}</text></svg>`,
    ),
    top: 0,
    left: 0,
  });
  return sharp(day, { raw: { width: o.width, height: o.height, channels: 3 } })
    .composite(layers)
    .jpeg({ quality: 85 })
    .toBuffer();
};

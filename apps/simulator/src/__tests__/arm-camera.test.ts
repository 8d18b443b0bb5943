import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderArmPhoto, viewSpanMm } from '../arm-camera.js';

// The robotic arm's camera without a server: the picture it renders at a pose. Uploading and listing the
// images is tested in apps/server (robotic-arm.sim.test.ts).

const T = Date.UTC(2026, 6, 10, 2, 30);
const opts = { seed: 7, eui: 'SIM-ARM-01', takenAt: T };

describe('arm photos', () => {
  it('renders a 1280 × 720 JPEG of a green canopy', async () => {
    const jpeg = await renderArmPhoto({ axisR: 0, axisY: 800, axisZ: 430 }, opts);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1280, 720]);
    // Leaves cover a good part of the frame over brown soil.
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    let leaf = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      if (g > r + 20 && g > b + 20) leaf++;
    }
    const share = leaf / (info.width * info.height);
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.9);
  });

  it('shows the same plants at the same pose and another stretch of the row elsewhere', async () => {
    const pose = { axisR: 30, axisY: 2400, axisZ: 700 };
    const a = await renderArmPhoto(pose, opts);
    expect((await renderArmPhoto(pose, opts)).equals(a)).toBe(true);
    expect((await renderArmPhoto({ ...pose, axisY: 4000 }, opts)).equals(a)).toBe(false);
    expect((await renderArmPhoto(pose, { ...opts, eui: 'SIM-ARM-02' })).equals(a)).toBe(false);
    // Higher on Z the frame spans more of the canopy.
    expect(viewSpanMm(1500)).toBeGreaterThan(viewSpanMm(300));
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { commandOf, type Insect, MAX_DRAWN, placeInsects, renderTrapPhoto, TrapCamera } from '../photos.js';
import { createRng } from '../random.js';

// Trap photos without a server: insect placement, the JPEG, the catch a photo shows. Counting the drawn
// insects with the server's identifier is tested in apps/server (insect-lamp.sim.test.ts).

describe('trap photos', () => {
  it('places the asked number of insects inside the board without any two touching', () => {
    for (const n of [0, 1, 23, 250, MAX_DRAWN]) {
      const insects = placeInsects(n, 1024, 768, createRng(n + 1));
      expect(insects).toHaveLength(n);
      for (const a of insects) {
        const reach = a.size * 1.35;
        expect(a.x - reach).toBeGreaterThanOrEqual(0);
        expect(a.y - reach).toBeGreaterThanOrEqual(0);
        expect(a.x + reach).toBeLessThanOrEqual(1024);
        expect(a.y + reach).toBeLessThanOrEqual(768);
      }
      let touching = 0;
      for (let i = 0; i < insects.length; i++) {
        for (let j = i + 1; j < insects.length; j++) {
          const a = insects[i] as Insect;
          const b = insects[j] as Insect;
          if (Math.hypot(a.x - b.x, a.y - b.y) <= (a.size + b.size) * 1.35) touching++;
        }
      }
      expect(touching, `${n} insects`).toBe(0);
    }
    expect(placeInsects(MAX_DRAWN + 50, 1024, 768, createRng(1))).toHaveLength(MAX_DRAWN);
    expect(placeInsects(-3, 1024, 768, createRng(1))).toEqual([]);
  });

  it('renders a 1024 × 768 JPEG with a light board', async () => {
    const jpeg = await renderTrapPhoto(placeInsects(40, 1024, 768, createRng(9)));
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 768]);
    const { channels } = await sharp(jpeg).greyscale().stats();
    // Mostly board: a light median-ish mean, with dark insects pulling the minimum down.
    expect(channels[0]?.mean).toBeGreaterThan(180);
    expect(channels[0]?.min).toBeLessThan(80);
  });

  it('a photo shows the catch since the previous one; a new board starts again', async () => {
    let board = 14;
    const log: string[] = [];
    const camera = new TrapCamera(
      // Nothing listens on port 9: the upload fails, but the board was photographed.
      { api: 'http://127.0.0.1:9', tenantId: 1, typeKey: 'pest-station', eui: 'X', password: 'p' },
      () => ({ board, working: true }),
      { periodSec: 60, fixedPeriod: true, seed: 1, now: Date.now, log: (m) => log.push(m) },
    );
    expect(camera.catchSince(board)).toBe(14);
    expect(await camera.shoot()).toBe(-1);
    expect(camera.stats).toEqual({ photos: 0, drawn: 0, failed: 1 });
    expect(log[0]).toMatch(/pest-station X/);
    board = 20;
    expect(camera.catchSince(board)).toBe(6);
    expect(camera.catchSince(3)).toBe(3);
  });

  it('reads the action and params of a command, and nothing of garbage', () => {
    const cmdId = '0b7c2f7e-6d0a-4c52-9b1e-2f9f0a1d3c4e';
    expect(commandOf(JSON.stringify({ cmdId, action: 'capture', params: {} }))).toMatchObject({
      action: 'capture',
    });
    expect(commandOf('{')).toBeUndefined();
    expect(commandOf(JSON.stringify({ action: 'capture' }))).toBeUndefined();
  });
});

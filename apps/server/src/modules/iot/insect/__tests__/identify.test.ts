import { describe, expect, it } from 'vitest';
import { renderTrapBoard, scatterDots, seeded } from '../insect.board.js';
import { countBoxes, LocalInsectIdentifier } from '../insect.identify.js';

describe('local insect identification (threshold + connected components)', () => {
  const id = new LocalInsectIdentifier();

  it.each([
    [0, 1, 800, 600, 'jpeg'],
    [1, 2, 800, 600, 'png'],
    [17, 3, 1024, 768, 'jpeg'],
    [42, 4, 1600, 1200, 'jpeg'],
    [90, 5, 640, 480, 'png'],
  ] as const)('counts %i insects on a generated board', async (n, seed, width, height, format) => {
    const dots = scatterDots(n, seeded(seed));
    const img = await renderTrapBoard({ width, height, dots, format });
    const r = await id.identify(img);
    expect(r.boxes).toHaveLength(n);
    expect(r.counts).toEqual(n ? [{ name: 'unidentified', count: n }] : []);
    // Every dot centre lies in a box.
    for (const d of dots) {
      const hit = r.boxes.some(
        ({ box: [x, y, w, h] }) => d.x >= x && d.x <= x + w && d.y >= y && d.y <= y + h,
      );
      expect(hit, `dot at ${d.x},${d.y}`).toBe(true);
    }
  });

  it('names blobs by a configured size band, the rest stay unidentified', async () => {
    const dots = [
      { x: 0.2, y: 0.3, r: 4 },
      { x: 0.5, y: 0.5, r: 14 },
      { x: 0.8, y: 0.7, r: 14 },
    ];
    const img = await renderTrapBoard({ width: 800, height: 600, dots, format: 'png' });
    const banded = new LocalInsectIdentifier({ bands: [{ name: '棉铃虫', minArea: 0.0005, maxArea: 0.01 }] });
    const r = await banded.identify(img);
    expect(r.counts).toEqual([
      { name: '棉铃虫', count: 2 },
      { name: 'unidentified', count: 1 },
    ]);
  });

  it('rejects what is not an image', async () => {
    await expect(id.identify(Buffer.from('not an image'))).rejects.toThrow();
  });

  it('counts boxes by name, largest first', () => {
    expect(countBoxes([{ name: 'b' }, { name: 'a' }, { name: 'b' }])).toEqual([
      { name: 'b', count: 2 },
      { name: 'a', count: 1 },
    ]);
  });

  it('refuses a photo over its pixel bound before decoding it (TILTH_IMAGE_MAX_MEGAPIXELS)', async () => {
    const img = await renderTrapBoard({ width: 800, height: 600, dots: [], format: 'png' });
    await expect(new LocalInsectIdentifier({ maxInputPixels: 800 * 600 - 1 }).identify(img)).rejects.toThrow(
      /pixel limit/,
    );
    await expect(
      new LocalInsectIdentifier({ maxInputPixels: 800 * 600 }).identify(img),
    ).resolves.toBeDefined();
  });
});

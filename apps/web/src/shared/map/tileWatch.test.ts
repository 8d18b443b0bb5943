import { describe, expect, it } from 'vitest';
import { createTileWatch, UNREACHABLE_AFTER } from './tileWatch';

describe('the base layer watch', () => {
  it('calls the layer unreachable once, after several failures and no tile loaded', () => {
    const w = createTileWatch();
    for (let i = 1; i < UNREACHABLE_AFTER; i++) expect(w.tile(false)).toBeNull();
    expect(w.tile(false)).toBe('unreachable');
    expect(w.tile(false)).toBeNull();
    expect(w.tile(true)).toBe('reachable');
    expect(w.tile(true)).toBeNull();
  });

  it('keeps quiet when some tiles load (a few missing tiles at the edge of the world)', () => {
    const w = createTileWatch();
    expect(w.tile(true)).toBeNull();
    for (let i = 0; i < 20; i++) expect(w.tile(false)).toBeNull();
  });

  it('counts again for another layer', () => {
    const w = createTileWatch(2);
    w.tile(false);
    w.reset();
    expect(w.tile(false)).toBeNull();
    expect(w.tile(false)).toBe('unreachable');
  });
});

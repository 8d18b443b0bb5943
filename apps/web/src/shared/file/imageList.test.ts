import { describe, expect, it } from 'vitest';
import { addImages } from './imageList';

describe('addImages', () => {
  it('adds images without repeats and up to the maximum', () => {
    expect(addImages(['a'], ['b', 'a', 'c'], 9)).toEqual(['a', 'b', 'c']);
    expect(addImages(['a', 'b'], ['c', 'd'], 3)).toEqual(['a', 'b', 'c']);
    const many = Array.from({ length: 12 }, (_, i) => `/p${i}`);
    expect(addImages(['/p0'], many, 9)).toHaveLength(9);
    expect(addImages(['/a'], ['/a', '/b'], 9)).toEqual(['/a', '/b']);
  });
});

import { describe, expect, it } from 'vitest';
import { isLevel, LEVEL_COLOR, PICTURE_MAX_BYTES, pictureProblem } from './farmLogModel';

describe('farm log model', () => {
  it('colours every level', () => {
    for (const level of ['daily', 'warning', 'emergency']) {
      expect(isLevel(level)).toBe(true);
      expect(LEVEL_COLOR[level]).toBeTruthy();
    }
    expect(isLevel('info')).toBe(false);
  });

  it('refuses non-images and files over the size limit before upload', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(pictureProblem({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(pictureProblem({ type: 'image/jpeg', size: PICTURE_MAX_BYTES + 1 })).toBe('size');
  });
});

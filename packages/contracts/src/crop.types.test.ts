import { describe, expect, it } from 'vitest';
import { CROP_EN_NAME_ERROR, cropCreateBody, cropUpdateBody, isCropEnName } from './crop.types.js';

// Issue 12 item 5: a crop's English name refused nothing, so Chinese names reached the en-US console.

describe("a crop's English name", () => {
  it('accepts Latin letters, digits, spaces and punctuation; trims; blank means none', () => {
    for (const name of ['Tomato', 'Paddy rice', "Farmer's 2-row barley (early)", 'Piña', ''])
      expect(isCropEnName(name)).toBe(true);
    expect(cropCreateBody.parse({ cropName: '番茄', cropEnName: ' Tomato ' }).cropEnName).toBe('Tomato');
    expect(cropCreateBody.parse({ cropName: '番茄', cropEnName: '' }).cropEnName).toBeNull();
    expect(cropCreateBody.parse({ cropName: '番茄', cropEnName: null }).cropEnName).toBeNull();
  });

  it('refuses Chinese and other scripts, on create and update, with one message', () => {
    for (const name of ['番茄', 'Tomato 番茄', 'トマト', '토마토', 'Tomato，red'])
      expect(isCropEnName(name)).toBe(false);
    const created = cropCreateBody.safeParse({ cropName: '番茄', cropEnName: '番茄' });
    expect(created.success).toBe(false);
    expect(created.error?.issues[0]?.message).toBe(CROP_EN_NAME_ERROR);
    const updated = cropUpdateBody.safeParse({
      cropId: 1,
      objectVersionNumber: 1,
      cropName: '番茄',
      cropEnName: '水稻',
    });
    expect(updated.success).toBe(false);
  });
});

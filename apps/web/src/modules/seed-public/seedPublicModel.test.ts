import { describe, expect, it } from 'vitest';
import { parseSeedLink, plainText, seedNames } from './seedPublicModel';

describe('public seed page', () => {
  it('reads tenantId and id from the link', () => {
    expect(parseSeedLink('?tenantId=1001&id=7')).toEqual({ tenantId: 1001, id: 7 });
    expect(parseSeedLink('?id=7&tenantId=0')).toEqual({ tenantId: 0, id: 7 });
  });

  it('refuses links without both, or with anything but whole numbers', () => {
    for (const search of [
      '',
      '?id=7',
      '?tenantId=1',
      '?tenantId=1&id=0',
      '?tenantId=a&id=1',
      '?tenantId=1&id=1.5',
      '?tenantId=-1&id=2',
    ]) {
      expect([search, parseSeedLink(search)]).toEqual([search, null]);
    }
  });

  it('leads with the names of the reader’s language, falling back to Chinese', () => {
    const d = { seedName: '金皇后', seedEnName: 'Golden Queen', cropName: '玉米', corpEnName: 'Corn' };
    expect(seedNames(d, 'zh-CN')).toEqual({
      title: '金皇后',
      subtitle: 'Golden Queen',
      crop: '玉米',
      cropSubtitle: 'Corn',
    });
    expect(seedNames(d, 'en-US')).toEqual({
      title: 'Golden Queen',
      subtitle: '金皇后',
      crop: 'Corn',
      cropSubtitle: '玉米',
    });
    expect(seedNames({ ...d, seedEnName: ' ', corpEnName: null }, 'en-US')).toEqual({
      title: '金皇后',
      subtitle: null,
      crop: '玉米',
      cropSubtitle: null,
    });
  });

  it('turns an HTML description into preview text', () => {
    expect(plainText('<p>深耕&nbsp;细作</p><p>施足<b>底肥</b> &amp; 浇透水</p>')).toBe(
      '深耕 细作 施足底肥 & 浇透水',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { usageStatus, usageText } from '../sim/simFormat';
import { pageAfterDelete } from './managerPaging';

describe('pageAfterDelete', () => {
  it('falls back to the previous page only when the shown page was emptied', () => {
    expect(pageAfterDelete(2, 3, 3)).toBe(1);
    expect(pageAfterDelete(2, 3, 2)).toBe(2);
    expect(pageAfterDelete(0, 1, 1)).toBe(0);
  });
});

describe('sim usage', () => {
  it('shows usage against the plan in the language', () => {
    expect(usageText(1536.25, 2048, 75, 'en-US')).toBe('1,536.3 / 2,048 MB (75 %)');
    expect(usageText(12, null, null, 'zh-CN')).toBe('12 MB');
    expect([usageStatus(null), usageStatus(50), usageStatus(95), usageStatus(120)]).toEqual([
      'normal',
      'normal',
      'active',
      'exception',
    ]);
  });
});

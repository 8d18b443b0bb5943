import { describe, expect, it } from 'vitest';
import { auditDiff } from './auditDiff';

describe('auditDiff', () => {
  it('lists every field of both sides, marking the changed ones', () => {
    expect(auditDiff({ enabled: true, name: 'A' }, { enabled: false, name: 'A' })).toEqual([
      { field: 'enabled', before: 'true', after: 'false', changed: true },
      { field: 'name', before: 'A', after: 'A', changed: false },
    ]);
  });

  it('shows a create (no before) and a delete (no after) field by field', () => {
    expect(auditDiff(null, { id: 3 })).toEqual([{ field: 'id', before: '', after: '3', changed: true }]);
    expect(auditDiff({ brand: { a: 1 } }, null)).toEqual([
      { field: 'brand', before: '{"a":1}', after: '', changed: true },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('shows plain values as one row', () => {
    expect(auditDiff('x', 'y')).toEqual([{ field: 'value', before: 'x', after: 'y', changed: true }]);
  });
});

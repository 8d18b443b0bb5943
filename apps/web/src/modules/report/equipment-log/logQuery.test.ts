import { describe, expect, it } from 'vitest';
import type { FilterField } from '../../../shared/FilterBar/FilterBar';
import { withAllPlaceholder, withDayBounds } from './logQuery';

describe('equipment log filters', () => {
  it("an empty select reads '全部' unless it has its own placeholder; other fields are left alone", () => {
    const fields: FilterField[] = [
      { name: 'deviceType', label: 'type', type: 'select', options: [] },
      { name: 'state', label: 'state', type: 'select', options: [], placeholder: 'pick' },
      { name: 'range', label: 'range', type: 'dateRange', names: ['startTime', 'endTime'] },
    ];
    const out = withAllPlaceholder(fields, (k) => (k === 'control:log.all' ? '全部' : k));
    expect(out.map((f) => f.placeholder)).toEqual(['全部', 'pick', undefined]);
  });

  it('sends a date range as whole days and keeps the base', () => {
    expect(withDayBounds({ startTime: '2026-11-01', endTime: '2026-11-30', areaId: 3 })).toEqual({
      startTime: '2026-11-01 00:00:00',
      endTime: '2026-11-30 23:59:59',
      areaId: 3,
    });
  });
});

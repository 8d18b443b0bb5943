import { describe, expect, it } from 'vitest';
import { farmDays, toFarmDayjs, toFarmText } from './activityTime';

describe('activity farm time', () => {
  it('shows a UTC moment in farm time (+08:00) and sends it back unchanged', () => {
    const d = toFarmDayjs('2025-05-01T01:00:00.000Z');
    expect(d.format('YYYY-MM-DD HH:mm')).toBe('2025-05-01 09:00');
    expect(toFarmText(d)).toBe('2025-05-01 09:00:00');
  });

  it('lists the farm days an activity covers, across midnight UTC', () => {
    expect(farmDays('2025-04-30T17:00:00Z', '2025-05-02T15:00:00Z')).toEqual(['2025-05-01', '2025-05-02']);
    expect(farmDays('2025-05-01T01:00:00Z', '2025-05-01T09:00:00Z')).toEqual(['2025-05-01']);
  });
});

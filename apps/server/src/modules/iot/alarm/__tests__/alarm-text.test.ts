import { describe, expect, it } from 'vitest';
import { alarmText } from '../alarm.engine.js';
import type { AlarmRuleRow } from '../alarm-rule.repository.js';

// Issue 12 item 2: alarm and SMS texts printed state metrics as numbers ("阀门状态 0"); they now read the
// registry's state words, and measures keep their number and unit.

const rule = (over: Partial<AlarmRuleRow>): AlarmRuleRow =>
  ({
    id: 1,
    kind: 'threshold',
    metric: 'valveOpen',
    op: 'lt',
    threshold: 1,
    durationMin: 0,
    ...over,
  }) as AlarmRuleRow;

describe('alarm texts', () => {
  it('name an enumerated metric’s value and threshold in words, in both languages', () => {
    const text = alarmText(rule({}), { name: '1号阀', typeKey: 'electric-valve' }, 0);
    expect(text.zh).toBe('1号阀 阀门状态 关闭 < 打开');
    expect(text.en).toBe('1号阀: Valve open Closed < Open');
    expect(text.zh).not.toMatch(/状态 \d/);
  });

  it('keep numbers and units for measures', () => {
    const text = alarmText(
      rule({ metric: 'liquidLevel', op: 'gt', threshold: 120, durationMin: 5 }),
      { name: '1号阀', typeKey: 'electric-valve' },
      130.25,
    );
    expect(text.zh).toBe('1号阀 液位 130.3cm > 120cm，持续 5 分钟');
    expect(text.en).toBe('1号阀: Liquid level 130.3 cm > 120 cm for 5 min');
  });
});

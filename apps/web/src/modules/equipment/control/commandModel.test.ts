import { describe, expect, it } from 'vitest';
import { canAddPump, coerceParam, isFinal, pumpCondition, stepOf, switchButtons } from './commandModel';

describe('control screen rules', () => {
  it('switch buttons per type (spec 02 §4)', () => {
    expect(switchButtons('regular').map((b) => b.sw)).toEqual([1, 0]);
    expect(switchButtons('motorised').map((b) => [b.sw, b.label])).toEqual([
      [1, 'control:switch.sw.motorised.1'],
      [0, 'control:switch.sw.motorised.0'],
      [2, 'control:switch.sw.motorised.2'],
    ]);
    expect(switchButtons('curtain').map((b) => b.sw)).toEqual([1, 0, 2]);
  });

  it('aerator card condition: disconnected, normal, abnormal; Add disabled at 4', () => {
    expect(pumpCondition({ onlineFlag: 0, faultFlag: 1 })).toBe('disconnected');
    expect(pumpCondition({ onlineFlag: 1, faultFlag: 0 })).toBe('normal');
    expect(pumpCondition({ onlineFlag: 1, faultFlag: 1 })).toBe('abnormal');
    expect(canAddPump(3)).toBe(true);
    expect(canAddPump(4)).toBe(false);
  });

  it('command progress: final states and steps', () => {
    expect(['queued', 'sent', 'acked'].map(isFinal)).toEqual([false, false, false]);
    expect(['done', 'failed', 'timeout'].map(isFinal)).toEqual([true, true, true]);
    expect(['queued', 'sent', 'acked', 'done', 'timeout'].map(stepOf)).toEqual([0, 1, 2, 3, 3]);
  });

  it('form values become typed params; blanks are left out', () => {
    expect(coerceParam('integer', 60)).toBe(60);
    expect(coerceParam('number', '2.5')).toBe(2.5);
    expect(coerceParam('number', '')).toBeUndefined();
    expect(coerceParam('boolean', false)).toBe(false);
    expect(coerceParam('string', 'hi')).toBe('hi');
    expect(coerceParam('integer', 'abc')).toBeUndefined();
  });
});

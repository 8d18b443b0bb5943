import { describe, expect, it } from 'vitest';
import { pieLegendText } from './pieLegend';
import { seriesShape } from './seriesShape';

describe('a line series shape by kind', () => {
  it('never smooths counts or states; measures only without gaps', () => {
    expect(seriesShape('count')).toEqual({ smooth: false });
    expect(seriesShape('state')).toEqual({ smooth: false, step: 'end' });
    expect(seriesShape('measure', { gaps: true }).smooth).toBe(false);
    expect(seriesShape('measure').smooth).toBeTruthy();
  });
});

describe('the donut legend', () => {
  it('names every slice with its value', () => {
    const text = pieLegendText(
      [
        { name: 'Tomato', value: 5.5 },
        { name: 'Rice', value: 0.25 },
        { name: 'Kale', value: 120 },
      ],
      (v) => v.toFixed(1),
    );
    expect(['Tomato', 'Rice', 'Kale'].map(text)).toEqual(['Tomato  5.5', 'Rice  0.3', 'Kale  120.0']);
    expect(text('Other')).toBe('Other');
  });
});

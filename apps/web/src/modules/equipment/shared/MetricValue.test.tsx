import { metricOf } from '@tilth/contracts/device-types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { MetricValue } from './MetricValue';

// renderWithCodes renders in en-US: the words come from the registry, not from a locale file.
const render = (node: Parameters<typeof renderWithCodes>[0]) => renderWithCodes(node, { codes: [] });

describe('MetricValue', () => {
  it('shows an enumerated metric as its state in a coloured tag', () => {
    const html = render(<MetricValue metric={metricOf('robotic-arm', 'fault')} value={1} />);
    expect(textOf(html).trim()).toBe('Fault');
    expect(html).toMatch(/ant-tag-error/);
    const valve = render(<MetricValue metric={metricOf('electric-valve', 'valveOpen')} value={0} />);
    expect(textOf(valve).trim()).toBe('Closed');
  });

  it('shows a number with its unit, as a tag only when asked', () => {
    const temp = metricOf('weather-station', 'airTemp');
    const plain = render(<MetricValue metric={temp} value={21.46} />);
    expect(plain).not.toMatch(/ant-tag/);
    expect(textOf(plain).trim()).toBe('21.5 °C');
    expect(render(<MetricValue metric={temp} value={21.46} tag />)).toMatch(/ant-tag/);
    expect(textOf(render(<MetricValue metric={temp} value={20} unit="" />)).trim()).toBe('20');
  });
});

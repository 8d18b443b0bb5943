import { describe, expect, it } from 'vitest';
import { mapCloudAnswer } from '../identify.http.js';
import { Gate, isRejectLabel, labelName, parseLabels, toProbabilities, topK } from '../identify.labels.js';
import { statusOf } from '../identify.service.js';

// The arithmetic and parsing under every answer: label files, softmax, top-k order, the refuse / unsure
// rule, the cloud answer mapping, and the gate that bounds concurrent identifications.

describe('labels and scores', () => {
  it('reads label files and names labels per language', () => {
    expect(parseLabels('# header\n稻飞虱|planthopper\r\n\n__not_plant__\n蚜虫\n')).toEqual([
      '稻飞虱|planthopper',
      '__not_plant__',
      '蚜虫',
    ]);
    expect(labelName('稻飞虱|planthopper', 'en-US')).toBe('planthopper');
    expect(labelName('稻飞虱|planthopper', 'zh-CN')).toBe('稻飞虱');
    expect(labelName('蚜虫', 'en-US')).toBe('蚜虫');
    expect(isRejectLabel('__background__')).toBe(true);
    expect(isRejectLabel('_x_')).toBe(false);
  });

  it('softmaxes logits, keeps probabilities, and orders ties by output', () => {
    const p = toProbabilities([1000, 1000, 0]);
    expect(p[0]).toBeCloseTo(0.5, 6);
    expect(p.every(Number.isFinite)).toBe(true);
    expect(toProbabilities([0.2, 0.8])).toEqual([0.2, 0.8]);
    expect(topK([0.25, 0.5, 0.25], ['a', 'b', 'c'], 2)).toEqual([
      { label: 'b', confidence: 0.5 },
      { label: 'a', confidence: 0.25 },
    ]);
  });

  it('refuses on a reject label, is unsure under the floor', () => {
    expect(statusOf('onnx', [{ label: '__not_plant__', confidence: 0.4 }], 0.6)).toBe('refused');
    expect(statusOf('onnx', [], 0.6)).toBe('refused');
    expect(statusOf('onnx', [{ label: 'a', confidence: 0.59 }], 0.6)).toBe('uncertain');
    expect(statusOf('http', [{ label: 'a', confidence: 0.6 }], 0.6)).toBe('identified');
    expect(statusOf('none', [], 0.6)).toBe('unconfigured');
  });

  it('maps cloud answers of several shapes and refuses garbage', () => {
    expect(
      mapCloudAnswer(
        {
          predictions: [
            { class: 'x', probability: 0.2 },
            { label: 'y', confidence: 0.7 },
          ],
        },
        3,
      ),
    ).toEqual([
      { label: 'y', confidence: 0.7 },
      { label: 'x', confidence: 0.2 },
    ]);
    expect(
      mapCloudAnswer(
        {
          data: [
            { name: ' ', score: 90 },
            { name: 'z', score: 150 },
          ],
        },
        3,
      ),
    ).toEqual([{ label: 'z', confidence: 1 }]);
    expect(() => mapCloudAnswer({ result: 'ok' }, 3)).toThrow();
    expect(() => mapCloudAnswer('nope', 3)).toThrow();
  });
});

describe('the gate', () => {
  it('runs at most max at once, queues a few, and turns the rest away', async () => {
    const gate = new Gate(1, 1);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      gate.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => releases.push(r));
        running -= 1;
        return 'done';
      });
    const a = job();
    const b = job();
    const c = await job();
    expect(c).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    releases.shift()?.();
    await expect(a).resolves.toEqual({ value: 'done' });
    await new Promise((r) => setTimeout(r, 0));
    releases.shift()?.();
    await expect(b).resolves.toEqual({ value: 'done' });
    expect(peak).toBe(1);
    // Free again: a new job runs at once.
    const d = job();
    await new Promise((r) => setTimeout(r, 0));
    releases.shift()?.();
    await expect(d).resolves.toEqual({ value: 'done' });
  });
});

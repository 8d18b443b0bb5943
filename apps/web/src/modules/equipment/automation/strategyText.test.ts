import { describe, expect, it } from 'vitest';
import type { StrategyShape } from './strategyText';
import { type NameLookup, strategySentence, type Translate } from './strategyText';

// Read through Vite (the locale files are outside the TypeScript project).
const locales = import.meta.glob<Record<string, string>>('../../../locales/*/automation.json', {
  eager: true,
  import: 'default',
});
const en = locales['../../../locales/en-US/automation.json'] ?? {};
const zh = locales['../../../locales/zh-CN/automation.json'] ?? {};

const translator =
  (dict: Record<string, string>): Translate =>
  (key, vars = {}) =>
    (dict[key.replace('automation:', '')] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, k: string) =>
      String(vars[k] ?? ''),
    );

const names: NameLookup = {
  device: (id) =>
    ({
      1: { name: '1号墒情站', typeKey: 'soil-moisture' },
      2: { name: '东区电磁阀', typeKey: 'electric-valve' },
      3: { name: '北区气象站', typeKey: 'weather-station' },
    })[id],
  group: (id) => (id === 9 ? '灌溉组' : undefined),
};

const irrigation: StrategyShape = {
  trigger: { kind: 'condition', deviceId: 1, metric: 'moisture0', op: 'lt', threshold: 25, forMin: 10 },
  guards: [{ kind: 'noRainToday', deviceId: 3 }],
  action: { targetKind: 'device', targetId: 2, action: 'open', params: {}, durationMin: 20 },
};

describe('strategy sentence', () => {
  it('reads the irrigation example in Chinese and English', () => {
    expect(strategySentence(irrigation, names, translator(zh), 'zh-CN')).toBe(
      '当 1号墒情站 的表层土壤湿度 < 25 %，持续 10 分钟时，开阀 东区电磁阀，20 分钟后停止；今天下雨（北区气象站）则跳过',
    );
    expect(strategySentence(irrigation, names, translator(en), 'en-US')).toBe(
      'When 1号墒情站 Surface soil moisture < 25 % for 10 min: Open 东区电磁阀 for 20 min; skipped if it rained today (北区气象站)',
    );
  });

  it('describes schedules, weekdays, groups and time windows', () => {
    const s: StrategyShape = {
      trigger: { kind: 'schedule', times: ['18:00', '06:30'], days: [6, 7] },
      guards: [{ kind: 'timeWindow', from: '05:00', to: '20:00' }],
      action: { targetKind: 'group', targetId: 9, action: 'close', params: {}, durationMin: 0 },
    };
    expect(strategySentence(s, names, translator(zh), 'zh-CN')).toBe(
      '每周六、周日 06:30、18:00时，关阀 分组“灌溉组”；仅在 05:00–20:00 执行',
    );
  });

  it('names a state threshold in words, not as a number (issue 12 item 2)', () => {
    const s: StrategyShape = {
      trigger: { kind: 'condition', deviceId: 2, metric: 'valveOpen', op: 'lt', threshold: 1, forMin: 0 },
      guards: [],
      action: { targetKind: 'device', targetId: 2, action: 'open', params: {}, durationMin: 0 },
    };
    const zhText = strategySentence(s, names, translator(zh), 'zh-CN');
    expect(zhText).toContain('< 打开');
    expect(zhText).not.toMatch(/< 1\b/);
    expect(strategySentence(s, names, translator(en), 'en-US')).toContain('< Open');
  });
});

import { describe, expect, it } from 'vitest';
import { commandActionName, formatCommandParams, formatMinutes, PARAM_LABELS } from './control-log.format.js';
import { DEVICE_TYPES } from './device-types.js';

const sw = (switchType: string | null, value: number, channelName: string | null = '东棚卷帘') => ({
  deviceType: 'gateway',
  action: 'switch',
  params: { switchId: 3, circuit: 3, sw: value },
  channelName,
  channelCircuit: 3,
  switchType,
});

describe('control log wording', () => {
  it('reads a switch command by switch name, circuit and the word of its switch type', () => {
    expect(formatCommandParams(sw('curtain', 1), 'zh-CN')).toBe('东棚卷帘（回路 3）：展开');
    expect(formatCommandParams(sw('curtain', 2), 'zh-CN')).toBe('东棚卷帘（回路 3）：收拢');
    expect(formatCommandParams(sw('motorised', 2, '卷膜电机'), 'zh-CN')).toBe('卷膜电机（回路 3）：反转');
    expect(formatCommandParams(sw('regular', 1, '灌溉水泵'), 'zh-CN')).toBe('灌溉水泵（回路 3）：开');
    expect(formatCommandParams(sw('regular', 0, '灌溉水泵'), 'zh-CN')).toBe('灌溉水泵（回路 3）：关');
    expect(formatCommandParams(sw('curtain', 0), 'en-US')).toBe('东棚卷帘 (circuit 3): Stop');
    expect(formatCommandParams(sw('motorised', 1, 'Vent'), 'en-US')).toBe('Vent (circuit 3): Forward');
    // A deleted switch: no name and no type, still no raw ids.
    expect(formatCommandParams(sw(null, 1, null), 'zh-CN')).toBe('回路 3：开启');
    expect(formatCommandParams(sw(null, 1, null), 'en-US')).toBe('Circuit 3: On');
  });

  it('reads a pump by name and port', () => {
    const pump = {
      deviceType: 'aerator',
      action: 'pump',
      params: { port: 2, on: true },
      channelName: '2号增氧泵',
      channelCircuit: 2,
      switchType: null,
    };
    expect(formatCommandParams(pump, 'zh-CN')).toBe('2号增氧泵（端口 2）：开');
    expect(formatCommandParams({ ...pump, params: { port: 2, on: false } }, 'en-US')).toBe(
      '2号增氧泵 (port 2): Off',
    );
  });

  it('gives other params their labels and units, durations in hours and minutes', () => {
    const line = (params: Record<string, number | boolean | string>) => ({
      deviceType: 'electric-valve',
      action: 'open',
      params,
    });
    expect(formatCommandParams(line({ durationMin: 90 }), 'zh-CN')).toBe('运行时长：1 小时 30 分钟');
    expect(formatCommandParams(line({ durationMin: 120 }), 'en-US')).toBe('Run time: 2 h');
    expect(formatCommandParams(line({ lowCm: 30, highCm: 120 }), 'zh-CN')).toBe(
      '低液位：30 cm；高液位：120 cm',
    );
    expect(formatCommandParams(line({ uploadPeriodMin: 30 }), 'zh-CN')).toBe('上报周期：30 分钟');
    expect(formatCommandParams(line({ pressure: 2.5 }), 'en-US')).toBe('Pressure: 2.5 bar');
    expect(formatCommandParams(line({ startHour: 19, endHour: 5 }), 'zh-CN')).toBe(
      '开启时间：19:00；关闭时间：05:00',
    );
    expect(formatCommandParams(line({ direction: 8 }), 'zh-CN')).toBe('方向：放大');
    expect(formatCommandParams(line({ opening: 40 }), 'en-US')).toBe('Opening: 40%');
    expect(formatCommandParams(line({}), 'zh-CN')).toBe('');
    expect(formatMinutes(45, 'en-US')).toBe('45 min');
  });

  it('names every param of every registry command, and the command by its registry name', () => {
    for (const t of DEVICE_TYPES) {
      for (const c of t.commands) for (const p of c.params) expect(PARAM_LABELS[p.key], p.key).toBeDefined();
    }
    expect(commandActionName('gateway', 'switch', 'zh-CN')).toBe('开关控制');
    expect(commandActionName('gateway', 'switch', 'en-US')).toBe('Switch');
    expect(commandActionName(null, 'reboot', 'zh-CN')).toBe('reboot');
  });
});

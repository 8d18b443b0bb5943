import { describe, expect, it } from 'vitest';
import { channelSourceOf, memberLabel, takenElsewhere, toMemberInputs, toMemberRows } from './groupMembers';
import { commonCommands, toShape, toValues } from './strategyForm';

describe('group members', () => {
  it('knows where a device lists its channels', () => {
    expect(channelSourceOf('gateway')).toBe('switch');
    expect(channelSourceOf('aerator')).toBe('pump');
    expect(channelSourceOf('electric-valve')).toBeNull();
    expect(channelSourceOf('no-such-type')).toBeNull();
    expect(channelSourceOf(undefined)).toBeNull();
  });

  it('shows a member as "device · switch", or the device alone', () => {
    expect(memberLabel('North gateway', 'Pump relay')).toBe('North gateway · Pump relay');
    expect(memberLabel('Valve 3', null)).toBe('Valve 3');
  });

  it('round-trips members: channels kept, empty rows dropped, no channel is null', () => {
    const rows = toMemberRows([
      {
        deviceId: 1,
        deviceName: 'G',
        typeKey: 'gateway',
        eui: 'e1',
        online: true,
        channelId: 7,
        channelName: 'S',
      },
      {
        deviceId: 2,
        deviceName: 'V',
        typeKey: 'electric-valve',
        eui: 'e2',
        online: false,
        channelId: null,
        channelName: null,
      },
    ]);
    expect(toMemberInputs([...rows, {}, { deviceId: 3 }])).toEqual([
      { deviceId: 1, channelId: 7 },
      { deviceId: 2, channelId: null },
      { deviceId: 3, channelId: null },
    ]);
  });

  it('offers each device once: devices of the other rows are taken', () => {
    const rows = [{ deviceId: 1 }, { deviceId: 2, channelId: 5 }, {}];
    expect([...takenElsewhere(rows, 0)]).toEqual([2]);
    expect([...takenElsewhere(rows, 2)].sort()).toEqual([1, 2]);
    expect(takenElsewhere(undefined, 0).size).toBe(0);
  });
});

describe('strategy form', () => {
  it('gives a group only the commands all its types have', () => {
    const gateway = commonCommands(['gateway']).map((c) => c.action);
    expect(gateway).toContain('switch');
    const mixed = commonCommands(['gateway', 'electric-valve']).map((c) => c.action);
    expect(mixed).not.toContain('switch');
    expect(commonCommands([])).toEqual([]);
  });

  it('maps a condition strategy to the form and back unchanged', () => {
    const shape = {
      trigger: {
        kind: 'condition',
        deviceId: 4,
        metric: 'soilHumidity',
        op: 'lt',
        threshold: 25,
        forMin: 10,
      },
      guards: [{ kind: 'noRainToday', deviceId: 9 }],
      action: { targetKind: 'device', targetId: 5, action: 'open', params: {}, durationMin: 20 },
    } as const;
    const values = toValues({
      id: 1,
      name: 'Dry soil',
      enabledFlag: 1,
      description: '',
      objectVersionNumber: 1,
      ...shape,
    } as unknown as Parameters<typeof toValues>[0]);
    expect(toShape(values)).toEqual(shape);
  });

  it('has no shape while the form is incomplete', () => {
    expect(toShape({ triggerKind: 'condition', condDeviceId: 4 })).toBeNull();
    expect(
      toShape({ triggerKind: 'schedule', times: ['06:30', 'bad'], days: [1], targetKind: 'device' }),
    ).toBeNull();
  });
});

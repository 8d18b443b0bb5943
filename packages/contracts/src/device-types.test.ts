import { describe, expect, it } from 'vitest';
import { TELEMETRY_MAX_VALUES } from './device-protocol.types.js';
import { deviceTopic, parseDeviceTopic } from './device-topics.js';
import { crudCodes } from './device-types.def.js';
import {
  COMMAND_ACTION_PATTERN,
  DEVICE_FAMILIES,
  DEVICE_TYPE_KEY_PATTERN,
  DEVICE_TYPES,
  deviceTypeByKey,
  deviceTypeByLegacyKey,
  deviceTypeByRoute,
  METRIC_KEY_PATTERN,
  metricCell,
  metricOf,
  metricState,
} from './device-types.js';
import { DEVICE_PERMISSIONS, isActionCode, isPermissionCode } from './permissions.js';

// Spec 02 §2: every row of the registry table has a type.
const SPEC_02_ROUTES = [
  'pest',
  'pest-lamp',
  'camera',
  'transducer',
  'waterFertilizer',
  'inject-fertilizer',
  'gateway',
  'weatherStations',
  'tubularmoisture',
  'soilmoisture',
  'water-quality',
  'plantLight',
  'lora',
  'lorawan-gateway',
  'aerator',
  'electric-valve',
  'lora-gateway',
  'spore',
  'robotic-arm',
].map((r) => `/web/equipment/${r}`);

describe('device type registry', () => {
  it('has unique, topic-safe keys that survive the topic round trip', () => {
    const keys = DEVICE_TYPES.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(DEVICE_TYPE_KEY_PATTERN);
      expect(parseDeviceTopic(deviceTopic(1, key, 'A1B2C3D4E5F60708', 'up'))?.deviceType).toBe(key);
    }
  });

  it('has unique routes under /web/equipment and covers the spec 02 §2 table', () => {
    const routes = DEVICE_TYPES.map((t) => t.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const r of routes) expect(r).toMatch(/^\/web\/equipment\/[A-Za-z-]+$/);
    for (const r of SPEC_02_ROUTES) expect(deviceTypeByRoute(r), r).toBeDefined();
  });

  it('uses only codes of the permission catalogue, a view code to view and action codes to act', () => {
    for (const t of DEVICE_TYPES) {
      const { view, create, edit, delete: del } = t.permissions;
      for (const code of [view, create, edit, del]) {
        expect(isPermissionCode(code), `${t.key}: ${code}`).toBe(true);
        expect(code.startsWith('wfpf.farm.equipment.'), code).toBe(true);
      }
      expect(isActionCode(view)).toBe(false);
    }
  });

  it('agrees with DEVICE_PERMISSIONS where that map has the route', () => {
    const map: Record<string, { add: string; edit: string; delete: string } | undefined> = DEVICE_PERMISSIONS;
    for (const t of DEVICE_TYPES) {
      const known = map[t.route];
      if (!known) continue;
      expect(t.permissions, t.key).toMatchObject({
        create: known.add,
        edit: known.edit,
        delete: known.delete,
      });
    }
  });

  it('has valid metrics: unique camelCase keys, min < max, sane decimals, ≤ the per-message limit', () => {
    for (const t of DEVICE_TYPES) {
      const keys = t.metrics.map((m) => m.key);
      expect(new Set(keys).size, t.key).toBe(keys.length);
      expect(keys.length).toBeLessThanOrEqual(TELEMETRY_MAX_VALUES);
      for (const m of t.metrics) {
        expect(m.key).toMatch(METRIC_KEY_PATTERN);
        expect(m.min, `${t.key}.${m.key}`).toBeLessThan(m.max);
        expect(Number.isInteger(m.decimals) && m.decimals >= 0 && m.decimals <= 6).toBe(true);
        expect(m.name['zh-CN'] && m.name['en-US']).toBeTruthy();
        expect(metricOf(t.key, m.key)).toBe(m);
      }
    }
  });

  it('has valid commands: unique actions, params with coherent ranges', () => {
    for (const t of DEVICE_TYPES) {
      const actions = t.commands.map((c) => c.action);
      expect(new Set(actions).size, t.key).toBe(actions.length);
      for (const c of t.commands) {
        expect(c.action).toMatch(COMMAND_ACTION_PATTERN);
        const keys = c.params.map((p) => p.key);
        expect(new Set(keys).size).toBe(keys.length);
        for (const p of c.params) {
          if (p.min !== undefined && p.max !== undefined) expect(p.min).toBeLessThan(p.max);
        }
      }
    }
  });

  it('has a family, a name in both languages, an icon name and a silence timeout', () => {
    for (const t of DEVICE_TYPES) {
      expect(DEVICE_FAMILIES).toContain(t.family);
      expect(t.name['zh-CN'] && t.name['en-US']).toBeTruthy();
      expect(t.icon).toMatch(/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/);
      expect(t.silenceTimeoutSec).toBeGreaterThanOrEqual(60);
    }
  });

  it('maps each spec 02 §3 key to at most one type', () => {
    const legacy = DEVICE_TYPES.flatMap((t) => t.legacyKeys);
    expect(new Set(legacy).size).toBe(legacy.length);
    expect(deviceTypeByLegacyKey('gateway_weather')?.key).toBe('weather-station');
    expect(deviceTypeByLegacyKey('insectSituationLamp_IV')?.key).toBe('pest-station');
    expect(deviceTypeByLegacyKey('insectSituationLampIII')?.key).toBe('pest-lamp');
    expect(deviceTypeByLegacyKey('4GLora_node')?.key).toBe('lora-4g');
  });

  it('looks types up by key and keeps the spec limits', () => {
    expect(deviceTypeByKey('nope')).toBeUndefined();
    expect(metricOf('inverter', 'pressure')).toMatchObject({ min: 0, max: 16, unit: 'bar' });
    expect(metricOf('electric-valve', 'liquidLevel')).toMatchObject({ min: 0, max: 50_000, unit: 'cm' });
    expect(deviceTypeByRoute('/web/equipment/lora')?.key).toBe('lorawan-node');
  });

  it('type-checks crud codes against the catalogue', () => {
    expect(crudCodes('spore').control).toBe('wfpf.farm.equipment.spore.ps.control');
    expect(crudCodes('acquisition-control').create).toBe('wfpf.farm.equipment.acquisition-control.ps.create');
    // @ts-expect-error the gateway has no ps.control code: its switch control is ps.delCollection
    expect(crudCodes('gateway').view).toBeDefined();
  });
});

describe('enumerated metrics read as words', () => {
  const all = DEVICE_TYPES.flatMap((t) => t.metrics.map((m) => ({ type: t.key, m })));
  // A whole-number metric with at most a handful of values is a flag or a code, never a quantity.
  const enumerated = all.filter(({ m }) => m.decimals === 0 && m.max - m.min <= 4);

  it('finds the flags the manager reads (valve, arm, pest station, aerator pumps)', () => {
    const keys = new Set(enumerated.map(({ m }) => m.key));
    for (const k of [
      'valveOpen',
      'running',
      'fault',
      'powerOn',
      'rainFlag',
      'lampOn',
      'pump1On',
      'pump1Fault',
    ]) {
      expect(keys.has(k), k).toBe(true);
    }
  });

  it.each(enumerated.map(({ type, m }) => [`${type}.${m.key}`, m] as const))(
    '%s has a state for every integer of its range, named in both languages',
    (_, m) => {
      expect(m.states, 'states').toBeDefined();
      for (let v = m.min; v <= m.max; v++) {
        const s = metricState(m, v);
        expect(s, `value ${v}`).toBeDefined();
        expect(s?.name['zh-CN']).toMatch(/\S/);
        expect(s?.name['en-US']).toMatch(/^[\x20-\x7e]+$/);
      }
      expect(new Set(m.states?.map((s) => s.value)).size).toBe(m.states?.length);
    },
  );

  it('gives states only to whole-number metrics inside their range', () => {
    for (const { type, m } of all.filter(({ m }) => m.states)) {
      expect(m.decimals, `${type}.${m.key}`).toBe(0);
      for (const s of m.states ?? [])
        expect(s.value >= m.min && s.value <= m.max, `${type}.${m.key}`).toBe(true);
    }
  });

  it('reads the valve and a fault as words', () => {
    const valve = metricOf('electric-valve', 'valveOpen');
    expect(valve && metricState(valve, 1)?.name['en-US']).toBe('Open');
    expect(valve && metricState(valve, 0)?.name['zh-CN']).toBe('关闭');
    const f = metricOf('robotic-arm', 'fault');
    expect(f && metricState(f, 1)?.tone).toBe('error');
  });

  it('makes spreadsheet cells: states in words, numbers numeric, nothing as null', () => {
    const valve = metricOf('electric-valve', 'valveOpen');
    expect(metricCell(valve, 1, 'zh-CN')).toBe('打开');
    expect(metricCell(valve, 0, 'en-US')).toBe('Closed');
    expect(metricCell(valve, 5, 'en-US')).toBe(5);
    expect(metricCell(metricOf('electric-valve', 'liquidLevel'), 12.5, 'en-US')).toBe(12.5);
    expect(metricCell(undefined, 3, 'en-US')).toBe(3);
    expect(metricCell(valve, null, 'en-US')).toBeNull();
  });
});

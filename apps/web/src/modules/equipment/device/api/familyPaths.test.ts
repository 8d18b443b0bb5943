import { DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import { describe, expect, it } from 'vitest';
import { type DeviceOp, devicePath, FAMILY_PATHS, GENERIC_PATHS, pathTemplate } from './familyPaths';

const OPS: DeviceOp[] = ['page', 'details', 'create', 'update', 'remove'];

// Spec 02 §7 "The calls it makes", per family: [page, details, create, update, remove] (null = generic).
const SPEC: Record<string, (string | null)[]> = {
  'robotic-arm': [
    '/wfpe/v1/{t}/device/mar/list',
    '/wfpe/v1/{t}/device/mar/{id}/details',
    '/wfpe/v1/{t}/device/mar/add',
    '/wfpe/v1/{t}/device/mar/edit',
    '/wfpe/v1/{t}/device/mar/{id}',
  ],
  'soil-moisture': [
    null,
    '/wfpe/v1/{t}/device/soil/{id}',
    '/wfpe/v1/{t}/device/soil',
    '/wfpe/v1/{t}/device/soil',
    '/wfpe/v1/{t}/device/soil/{id}',
  ],
  'tubular-soil': [
    null,
    '/wfpe/v1/{t}/device/soil/{id}',
    '/wfpe/v1/{t}/device/soil',
    '/wfpe/v1/{t}/device/soil',
    '/wfpe/v1/{t}/device/soil/{id}',
  ],
  'lora-4g': [
    '/wfpe/v2/{t}/lora-gateway/list',
    '/wfpe/v2/{t}/lora-gateway/{id}/details',
    '/wfpe/v2/{t}/lora-gateway',
    '/wfpe/v2/{t}/lora-gateway',
    '/wfpe/v2/{t}/lora-gateway/{id}',
  ],
  'lorawan-gateway': [
    '/wfpe/v2/{t}/lora-gateway/list',
    '/wfpe/v2/{t}/lora-gateway/{id}/details',
    '/wfpe/v2/{t}/lora-gateway',
    '/wfpe/v2/{t}/lora-gateway',
    '/wfpe/v2/{t}/lora-gateway/{id}',
  ],
  'lorawan-node': [
    '/wfpe/v2/{t}/lora-node/list',
    '/wfpe/v2/{t}/lora-node/{id}/details',
    '/wfpe/v2/{t}/lora-node',
    '/wfpe/v2/{t}/lora-node',
    '/wfpe/v2/{t}/lora-node/{id}',
  ],
  'pest-lamp': [
    '/wfpe/v2/{t}/device/insecticidal/page',
    '/wfpe/v2/{t}/device/insecticidal/{id}/details',
    '/wfpe/v2/{t}/device/insecticidal',
    '/wfpe/v2/{t}/device/insecticidal',
    '/wfpe/v2/{t}/device/insecticidal/{id}',
  ],
  'pest-station': [
    '/wfpe/v1/{t}/yf/insect-situation-lamp/page/isl',
    null,
    '/wfpe/v1/{t}/insect-situation-lamp',
    '/wfpe/v1/{t}/insect-situation-lamp',
    '/wfpe/v1/{t}/insect-situation-lamp/{id}',
  ],
  inverter: [
    null,
    '/wfpe/v1/{t}/inverter/{id}',
    '/wfpe/v1/{t}/inverter',
    '/wfpe/v1/{t}/inverter',
    '/wfpe/v1/{t}/inverter/{id}',
  ],
  aerator: [
    '/wfpe/v2/{t}/regulator/open',
    '/wfpe/v1/{t}/aerator/{id}',
    '/wfpe/v1/{t}/aerator',
    '/wfpe/v1/{t}/aerator',
    '/wfpe/v1/{t}/aerator/{id}',
  ],
};

describe('family path table', () => {
  it('maps every family type to its spec 02 §7 path, generic where the family has none', () => {
    for (const [key, paths] of Object.entries(SPEC)) {
      OPS.forEach((op, i) => {
        expect(pathTemplate(key, op), `${key} ${op}`).toBe(paths[i] ?? GENERIC_PATHS[op]);
      });
    }
  });

  it('holds only registry types, each listed in the spec table above', () => {
    for (const key of Object.keys(FAMILY_PATHS)) {
      expect(deviceTypeByKey(key), key).toBeDefined();
      expect(SPEC[key], key).toBeDefined();
    }
  });

  it('sends every other registry type (and no type) to the generic registry path', () => {
    const others = DEVICE_TYPES.filter((t) => !(t.key in SPEC));
    expect(others.length).toBeGreaterThan(0);
    for (const type of [...others.map((t) => t.key), undefined, 'no-such-type']) {
      for (const op of OPS) expect(pathTemplate(type, op), `${type} ${op}`).toBe(GENERIC_PATHS[op]);
    }
    expect(devicePath('gateway', 'page', 7)).toBe('/wfpe/v1/7/device/page');
  });

  it('fills in the tenant and device ids', () => {
    expect(devicePath('robotic-arm', 'details', 3, 42)).toBe('/wfpe/v1/3/device/mar/42/details');
    expect(devicePath('lorawan-node', 'remove', 3, 9)).toBe('/wfpe/v2/3/lora-node/9');
    expect(devicePath('pest-lamp', 'create', 12)).toBe('/wfpe/v2/12/device/insecticidal');
    expect(devicePath(undefined, 'details', 3, 5)).toBe('/wfpe/v1/3/device/5/details');
  });
});

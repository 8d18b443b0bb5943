import { describe, expect, it } from 'vitest';
import { insidePolygon } from '../families/familyFormat';
import {
  boundaryToFence,
  circleFence,
  fenceOf,
  fenceStateOf,
  fenceToBoundary,
  positionOf,
  runStateOf,
} from './machineryFormat';

const square = [
  { lat: 22, lng: 113 },
  { lat: 22, lng: 113.01 },
  { lat: 22.01, lng: 113.01 },
  { lat: 22.01, lng: 113 },
];
const machine = (latest: Record<string, number>, geofence?: unknown, online = 1) => ({
  online,
  latest,
  lat: 22.005,
  lng: 113.005,
  config: geofence === undefined ? {} : { geofence },
});

describe('farm machinery format', () => {
  it('reads the fence from the config and ignores malformed points', () => {
    expect(fenceOf(machine({}, square))).toEqual(square);
    expect(fenceOf(machine({}, [{ lat: 1 }, 'x', null, { lat: 1, lng: 2 }]))).toEqual([{ lat: 1, lng: 2 }]);
    expect(fenceOf(machine({}, 'nope'))).toEqual([]);
  });

  it('takes the GPS values first, else the registered location', () => {
    expect(positionOf(machine({ lat: 22.1, lng: 113.2 }))).toEqual({ lat: 22.1, lng: 113.2 });
    expect(positionOf(machine({}))).toEqual({ lat: 22.005, lng: 113.005 });
    expect(positionOf({ latest: {}, lat: null, lng: null })).toBeNull();
  });

  it('flags a machine outside its fence, and none without a fence', () => {
    expect(fenceStateOf(machine({ lat: 22.005, lng: 113.005 }, square))).toBe('inside');
    expect(fenceStateOf(machine({ lat: 22.02, lng: 113.005 }, square))).toBe('outside');
    expect(fenceStateOf(machine({ lat: 22.02, lng: 113.005 }))).toBe('none');
    expect(fenceStateOf(machine({}, square.slice(0, 2)))).toBe('none');
  });

  it('is running when online and moving or the engine turns', () => {
    expect(runStateOf(machine({ speed: 6, engineRpm: 1800 }))).toBe('running');
    expect(runStateOf(machine({ speed: 0, engineRpm: 900 }))).toBe('running');
    expect(runStateOf(machine({ speed: 0, engineRpm: 0 }))).toBe('idle');
    expect(runStateOf(machine({ speed: 6 }, undefined, 0))).toBe('offline');
  });

  it('turns a circle into a polygon of the radius', () => {
    const c = { lat: 22.5, lng: 113.3 };
    const fence = circleFence(c, 100);
    expect(fence).toHaveLength(36);
    expect(insidePolygon(c, fence)).toBe(true);
    // 90 m north is inside, 110 m north is not.
    expect(insidePolygon({ lat: c.lat + 90 / 111_320, lng: c.lng }, fence)).toBe(true);
    expect(insidePolygon({ lat: c.lat + 110 / 111_320, lng: c.lng }, fence)).toBe(false);
  });

  it('round-trips a fence through the map editor rings', () => {
    const rings = fenceToBoundary(square);
    expect(rings?.[0]).toHaveLength(5);
    expect(rings?.[0]?.[0]).toEqual([113, 22]);
    expect(boundaryToFence(rings)).toEqual(square);
    expect(fenceToBoundary(square.slice(0, 2))).toBeNull();
    expect(boundaryToFence(null)).toEqual([]);
  });
});

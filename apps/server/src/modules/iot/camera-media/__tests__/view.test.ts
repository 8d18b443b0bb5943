import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PtzState, presetFile } from '../ptz.js';
import { SCENE_H, SCENE_W } from '../scene.js';
import { cropOf, daylight, homeView, MAX_ZOOM, moved } from '../view.js';

// The view model behind the pad: directions move the window the right way, it never leaves the scene,
// zoom is bounded, and daylight follows the farm's own clock.

describe('demo camera view', () => {
  it('moves each direction the way spec 02 §4 names it', () => {
    const v = homeView(1);
    expect(moved(v, 0, 1).cy).toBeLessThan(v.cy);
    expect(moved(v, 1, 1).cy).toBeGreaterThan(v.cy);
    expect(moved(v, 2, 1).cx).toBeLessThan(v.cx);
    expect(moved(v, 3, 1).cx).toBeGreaterThan(v.cx);
    const lt = moved(v, 4, 1);
    expect(lt.cx < v.cx && lt.cy < v.cy).toBe(true);
    const rb = moved(v, 7, 1);
    expect(rb.cx > v.cx && rb.cy > v.cy).toBe(true);
    expect(moved(v, 8, 1).zoom).toBeGreaterThan(v.zoom);
    expect(moved(v, 9, 1).zoom).toBeLessThan(v.zoom);
    expect(moved(v, -1, 5)).toEqual(v);
    // Faster at a higher speed.
    expect(v.cx - moved(v, 2, 1, 3).cx).toBeGreaterThan(v.cx - moved(v, 2, 1, 1).cx);
  });

  it('keeps the window inside the scene and the zoom bounded', () => {
    for (const d of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const) {
      const c = cropOf(moved(homeView(2), d, 600, 4));
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.y).toBeGreaterThanOrEqual(0);
      expect(c.x + c.w).toBeLessThanOrEqual(SCENE_W);
      expect(c.y + c.h).toBeLessThanOrEqual(SCENE_H);
      expect(c.w % 2).toBe(0);
    }
    expect(moved(homeView(2), 8, 600).zoom).toBe(MAX_ZOOM);
  });

  it('gives each camera its own part of the farm', () => {
    const spots = new Set([1, 2, 3, 4].map((id) => cropOf(homeView(id)).x));
    expect(spots.size).toBe(4);
  });

  it("follows the farm's clock: day, night, dawn", () => {
    // 04:00 UTC is noon in Shanghai and 20:00 of the day before in New York.
    const at = new Date('2026-06-01T04:00:00Z');
    expect(daylight(at, 'Asia/Shanghai')).toBe(1);
    expect(daylight(at, 'America/New_York')).toBe(0);
    expect(daylight(new Date('2026-06-01T22:00:00Z'), 'Asia/Shanghai')).toBeCloseTo(0.5);
  });
});

describe('demo camera presets', () => {
  it('keeps presets across a restart, as a real camera does, and forgets deleted ones', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'presets-')), 'camera-presets', '1-7.json');
    const a = new PtzState(homeView(7), presetFile(file));
    a.press(3);
    a.press(-1);
    const gate = { ...a.view() };
    a.presetSet(1, 'Gate');
    a.presetSet(2, 'Pond');
    a.presetDelete(2);
    // A new process: the state is rebuilt from the file.
    const b = new PtzState(homeView(7), presetFile(file));
    expect(b.presetGo(2)).toBe(false);
    expect(b.presetGo(1)).toBe(true);
    expect(b.view()).toEqual(gate);
  });

  it('starts without presets when the file is missing or damaged', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'presets-')), 'bad.json');
    writeFileSync(file, '[{"index":1,"name":"x","view":{"cx":"a"}}, 5');
    expect(new PtzState(homeView(1), presetFile(file)).presetGo(1)).toBe(false);
    expect(new PtzState(homeView(1), presetFile(`${file}.none`)).presetGo(1)).toBe(false);
  });
});

import { VISUAL_DEFAULT, type Visual } from '@tilth/contracts/vr.types';
import { describe, expect, it, vi } from 'vitest';
import { addScenesRefusal, basicsProblem, saveRefusal, sceneDeleteRefusal, switchScene } from './editorFlow';
import {
  defaultHotspot,
  finishHotspot,
  linkProblem,
  sizeFactorOf,
  withSizeFactor,
  withType,
} from './hotspotForm';
import { applyViewField, applyViewRange, setInitialView } from './viewForm';

const V: Visual = { ...VISUAL_DEFAULT, fov: 90, fovmin: 30, fovmax: 120 };

describe('view tab: clamps and snap-backs (spec 03 §5)', () => {
  it('rounds down to whole degrees', () => {
    expect(applyViewField(V, 'fovmax', 150.9).fovmax).toBe(150);
    expect(applyViewField(V, 'vlookatmin', -45.2).vlookatmin).toBe(-46);
  });

  it('snaps back a value out of its range', () => {
    expect(applyViewField(V, 'fovmax', 181)).toBe(V);
    expect(applyViewField(V, 'vlookatmax', 91)).toBe(V);
    expect(applyViewField(V, 'hlookatmin', -181)).toBe(V);
    expect(applyViewField(V, 'fov', 'abc')).toBe(V);
  });

  it('clamps the initial fov between minimum and maximum, at least 1', () => {
    expect(applyViewField(V, 'fov', 150).fov).toBe(120);
    expect(applyViewField(V, 'fov', 10).fov).toBe(30);
    expect(applyViewField({ ...V, fovmin: 0 }, 'fov', 0).fov).toBe(1);
  });

  it('refuses a minimum above the initial and a maximum below it', () => {
    expect(applyViewField(V, 'fovmin', 100)).toBe(V);
    expect(applyViewField(V, 'fovmax', 80)).toBe(V);
    expect(applyViewField(V, 'fovmin', 90).fovmin).toBe(90);
  });

  it('snaps back a top at or above the bottom, and keeps the initial direction inside', () => {
    const narrowed = applyViewField(V, 'vlookatmax', 20);
    expect(applyViewField(narrowed, 'vlookatmin', 20)).toBe(narrowed);
    expect(applyViewField(narrowed, 'vlookatmin', 30)).toBe(narrowed);
    const w = applyViewField({ ...V, hlookat: 100 }, 'hlookatmax', 50);
    expect(w.hlookatmax).toBe(50);
    expect(w.hlookat).toBe(50);
  });

  it('takes a released range slider whole, or not at all when crossed', () => {
    const next = applyViewRange(V, ['fovmin', 'fov', 'fovmax'], [40, 70.6, 100]);
    expect([next.fovmin, next.fov, next.fovmax]).toEqual([40, 70, 100]);
    expect(applyViewRange(V, ['vlookatmin', 'vlookatmax'], [30, 10])).toBe(V);
    expect(applyViewRange(V, ['hlookatmin', 'hlookatmax'], [10, 10])).toBe(V);
  });

  it("'set as initial view' takes the viewer's direction and fov, held in the limits", () => {
    const next = setInitialView(
      { ...V, hlookatmin: -90, hlookatmax: 90 },
      { hlookat: 120.4, vlookat: -10.5, fov: 64.9 },
    );
    expect([next.hlookat, next.vlookat, next.fov]).toEqual([90, -11, 64]);
  });
});

describe('hotspot panel rules', () => {
  it('places a default hotspot hs-… at the view centre, size factor 1 → 50, style front, no type', () => {
    const h = defaultHotspot(['hs-a'], { hlookat: 12.34, vlookat: -5 });
    expect(h.name).toMatch(/^hs-[a-z0-9]+$/);
    expect([h.width, h.height, h.style, h.ath, h.atv, h.HType]).toEqual([
      '50',
      '50',
      'front',
      12.3,
      -5,
      undefined,
    ]);
    expect(finishHotspot(h)).toEqual({ rule: 'typeRequired' });
  });

  it('sizes the icon at 50 × factor in steps of 0.1 within 0–2', () => {
    const h = defaultHotspot([], { hlookat: 0, vlookat: 0 });
    expect(withSizeFactor(h, 1.5).width).toBe('75');
    expect(withSizeFactor(h, 3).width).toBe('100');
    expect(sizeFactorOf(withSizeFactor(h, 0.3).width)).toBe(0.3);
  });

  it('clears the title and the content when the type changes', () => {
    const h = {
      ...defaultHotspot([], { hlookat: 0, vlookat: 0 }),
      HType: 4 as const,
      text: 'Pond',
      content: { text: 'x' },
    };
    const changed = withType(h, 5);
    expect([changed.text, changed.content, changed.HType]).toEqual(['', {}, 5]);
  });

  it("answers each type's required content and the title limit", () => {
    const base = defaultHotspot([], { hlookat: 0, vlookat: 0 });
    expect(finishHotspot({ ...base, HType: 1 })).toEqual({ rule: 'sceneRequired' });
    expect(finishHotspot({ ...base, HType: 2 })).toEqual({ rule: 'deviceRequired' });
    expect(finishHotspot({ ...base, HType: 3 })).toEqual({ rule: 'albumRequired' });
    expect(finishHotspot({ ...base, HType: 3, content: { images: Array(21).fill('/a') } })).toEqual({
      rule: 'albumTooMany',
    });
    expect(finishHotspot({ ...base, HType: 4, content: { text: '   ' } })).toEqual({ rule: 'textRequired' });
    expect(finishHotspot({ ...base, HType: 4, content: { text: 'x'.repeat(2001) } })).toEqual({
      rule: 'textTooLong',
    });
    expect(finishHotspot({ ...base, HType: 5 })).toEqual({ rule: 'linkRequired' });
    expect(finishHotspot({ ...base, HType: 4, text: 'x'.repeat(21), content: { text: 'a' } })).toEqual({
      rule: 'titleTooLong',
    });
  });

  it('checks a link on blur and links a scene hotspot to scene_{id}', () => {
    expect(linkProblem('www.example.com')).toBe('linkInvalid');
    expect(linkProblem(' https://example.com/a ')).toBeNull();
    expect(linkProblem('')).toBeNull();
    const base = defaultHotspot([], { hlookat: 0, vlookat: 0 });
    const done = finishHotspot({ ...base, HType: 1, text: '  To pond ', content: { scenesId: 7 } });
    expect(done).toMatchObject({ hotspot: { linkedscene: 'scene_7', text: 'To pond' } });
  });
});

describe('save and switch questions', () => {
  it('refuses to save while the hotspot panel is open', () => {
    expect(saveRefusal(true)).toBe('finishHotspots');
    expect(saveRefusal(false)).toBeNull();
  });

  it('Save: persists, reloads, says saved, then switches', async () => {
    const calls: string[] = [];
    const ok = await switchScene('save', {
      save: async () => {
        calls.push('save');
        return true;
      },
      reload: async () => void calls.push('reload'),
      saved: () => calls.push('saved'),
      select: () => calls.push('select'),
    });
    expect(ok).toBe(true);
    expect(calls).toEqual(['save', 'reload', 'saved', 'select']);
  });

  it('Save that fails stays on the scene with no message', async () => {
    const steps = { save: vi.fn(async () => false), reload: vi.fn(), saved: vi.fn(), select: vi.fn() };
    expect(await switchScene('save', steps)).toBe(false);
    const throwing = { ...steps, save: vi.fn(async () => Promise.reject(new Error('409'))) };
    expect(await switchScene('save', throwing)).toBe(false);
    expect(steps.saved).not.toHaveBeenCalled();
    expect(steps.select).not.toHaveBeenCalled();
  });

  it("Don't save switches without saving", async () => {
    const steps = { save: vi.fn(async () => true), reload: vi.fn(), saved: vi.fn(), select: vi.fn() };
    expect(await switchScene('discard', steps)).toBe(true);
    expect(steps.save).not.toHaveBeenCalled();
    expect(steps.select).toHaveBeenCalled();
  });

  it('keeps at least one scene and at most 10, and asks for cover, name and bases in that order', () => {
    expect(sceneDeleteRefusal(1)).toBe('lastScene');
    expect(sceneDeleteRefusal(2)).toBeNull();
    expect(addScenesRefusal(8, 3)).toBe('tooManyScenes');
    expect(addScenesRefusal(8, 2)).toBeNull();
    expect(basicsProblem({ vrCover: '', vrName: '', areaId: [] })).toBe('basics.coverRequired');
    expect(basicsProblem({ vrCover: '/c', vrName: '  ', areaId: [] })).toBe('basics.nameRequired');
    expect(basicsProblem({ vrCover: '/c', vrName: 'Farm', areaId: [] })).toBe('basics.basesRequired');
    expect(basicsProblem({ vrCover: '/c', vrName: 'Farm', areaId: [1] })).toBeNull();
  });
});

import type { Hotspot } from '@tilth/contracts/vr.types';
import { VR_LOADING_MS, VR_SCENE_NAME_SHOW_MS } from '@tilth/contracts/vr.types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchControls } from './deviceControls';
import { devicePopupKind, hotspotAction, openLink, parseHotspots } from './hotspotAction';
import { type SceneTiming, startSceneTiming } from './sceneTiming';

// Spec 03 §4 "Preview hotspot clicks": what a click does by HType and, for devices, by deviceType.

const hs = (over: Partial<Hotspot>): Hotspot => ({
  name: 'hs-a1',
  width: '50',
  height: '50',
  atv: 0,
  ath: 0,
  url: 'arrow',
  style: 'front',
  HType: 4,
  content: {},
  text: ' Title ',
  ...over,
});

describe('hotspot clicks by type', () => {
  it('1 jumps to the target scene, facing the arriving direction when set', () => {
    expect(hotspotAction(hs({ HType: 1, content: { scenesId: 9 } }))).toEqual({
      kind: 'scene',
      scenesId: 9,
      arrive: null,
    });
    expect(
      hotspotAction(hs({ HType: 1, content: { scenesId: 9, arriveHlookat: -30, arriveVlookat: 10 } })),
    ).toEqual({ kind: 'scene', scenesId: 9, arrive: { hlookat: -30, vlookat: 10 } });
  });

  it('5 opens http, https and ftp links; anything else does nothing', () => {
    expect(hotspotAction(hs({ HType: 5, content: { link: ' https://example.org/a ' } }))).toEqual({
      kind: 'link',
      url: 'https://example.org/a',
    });
    expect(hotspotAction(hs({ HType: 5, content: { link: 'javascript:alert(1)' } }))).toEqual({
      kind: 'none',
    });
    expect(hotspotAction(hs({ HType: 5, content: {} }))).toEqual({ kind: 'none' });
  });

  it('a link opens in a new window that cannot reach back (noopener,noreferrer)', () => {
    const open = vi.fn();
    openLink('https://example.org', open);
    expect(open).toHaveBeenCalledWith('https://example.org', '_blank', 'noopener,noreferrer');
  });

  it('4 opens the text popup titled by the trimmed title', () => {
    expect(hotspotAction(hs({ HType: 4, content: { text: 'Line 1\nLine 2' } }))).toEqual({
      kind: 'text',
      title: 'Title',
      text: 'Line 1\nLine 2',
    });
    expect(hotspotAction(hs({ HType: 4, content: { text: '   ' } }))).toEqual({ kind: 'none' });
  });

  it('3 opens the album with its pictures', () => {
    expect(hotspotAction(hs({ HType: 3, content: { images: ['/a', '/b'] } }))).toEqual({
      kind: 'album',
      title: 'Title',
      images: ['/a', '/b'],
    });
    expect(hotspotAction(hs({ HType: 3, content: { images: [] } })).kind).toBe('none');
  });

  it('2 opens the device popup of the device type', () => {
    const device = { deviceType: 'aerator_ii' as const, concentratorId: 4, name: 'Pond aerator' };
    expect(hotspotAction(hs({ HType: 2, text: '', content: { device } }))).toEqual({
      kind: 'device',
      popup: 'aerator',
      title: 'Pond aerator',
      device,
      hotspotName: 'hs-a1',
    });
    expect(hotspotAction(hs({ HType: 2, content: {} })).kind).toBe('none');
  });
});

describe('device popups by deviceType', () => {
  it('camera plays, aerator_ii and the insect lamps have their own popups', () => {
    expect(devicePopupKind('camera')).toBe('camera');
    expect(devicePopupKind('aerator_ii')).toBe('aerator');
    for (const t of ['insectSituationLamp', 'insectSituationLamp_II', 'insectSituationLamp_IV'])
      expect(devicePopupKind(t)).toBe('insectLamp');
  });

  it('the seven card types show name / status / number', () => {
    for (const t of [
      'waterFertilizer',
      'inverter',
      'sex_inducement',
      'lorawan_gateway',
      'lorawan_node',
      'injection',
      'electric_valve',
    ])
      expect(devicePopupKind(t)).toBe('card');
  });

  it('any other type gets the generic popup', () => {
    expect(devicePopupKind('weather_station')).toBe('generic');
  });

  it('aerator pumps and the valve are switchable, and the switch sends the registry command', () => {
    const pumps = switchControls('aerator_ii', { pump1On: 1, pump2On: 0, dissolvedOxygen: 6.2 });
    expect(pumps.map((p) => [p.port, p.on])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(pumps[1]?.command(true)).toEqual({ action: 'pump', params: { port: 2, on: true } });
    const [valve] = switchControls('electric_valve', { valveOpen: 1 });
    expect(valve?.on).toBe(true);
    expect(valve?.command(false)).toEqual({ action: 'close', params: {} });
    expect(switchControls('inverter', { power: 1 })).toEqual([]);
  });
});

describe('stored hotspots', () => {
  it('a broken hotSpotJson shows no hotspots rather than a broken page', () => {
    expect(parseHotspots('not json')).toEqual([]);
    expect(parseHotspots('{"a":1}')).toEqual([]);
    expect(parseHotspots(JSON.stringify([hs({})]))).toHaveLength(1);
  });
});

describe('scene change timing', () => {
  afterEach(() => vi.useRealTimers());

  it('the spinner shows 1 s and the scene name 5 s after a change', () => {
    vi.useFakeTimers();
    let state: SceneTiming = { loading: false, nameVisible: false };
    const set = (next: Partial<SceneTiming>) => {
      state = { ...state, ...next };
    };
    startSceneTiming(set);
    expect(state).toEqual({ loading: true, nameVisible: true });
    vi.advanceTimersByTime(VR_LOADING_MS - 1);
    expect(state.loading).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state).toEqual({ loading: false, nameVisible: true });
    vi.advanceTimersByTime(VR_SCENE_NAME_SHOW_MS - VR_LOADING_MS - 1);
    expect(state.nameVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state.nameVisible).toBe(false);
  });

  it('a new change cancels the last one: the name stays 5 s from the latest change', () => {
    vi.useFakeTimers();
    let state: SceneTiming = { loading: false, nameVisible: false };
    const set = (next: Partial<SceneTiming>) => {
      state = { ...state, ...next };
    };
    const cancel = startSceneTiming(set);
    vi.advanceTimersByTime(4000);
    cancel();
    startSceneTiming(set);
    vi.advanceTimersByTime(1500);
    expect(state.nameVisible).toBe(true);
    vi.advanceTimersByTime(3500);
    expect(state.nameVisible).toBe(false);
  });
});

import { VR_LOADING_MS, VR_SCENE_NAME_SHOW_MS } from '@tilth/contracts/vr.types';
import { useEffect, useState } from 'react';

// Spec 03 §2 "VR preview": on entry and on every scene change a loading spinner shows for 1 s and the
// scene's name fades in for 5 s.

export interface SceneTiming {
  loading: boolean;
  nameVisible: boolean;
}

/**
 * Starts the two timers of one scene change: `set` gets the loading and name states as they change.
 * Returns the cancel (the next change or unmount).
 */
export const startSceneTiming = (set: (next: Partial<SceneTiming>) => void): (() => void) => {
  set({ loading: true, nameVisible: true });
  const a = setTimeout(() => set({ loading: false }), VR_LOADING_MS);
  const b = setTimeout(() => set({ nameVisible: false }), VR_SCENE_NAME_SHOW_MS);
  return () => {
    clearTimeout(a);
    clearTimeout(b);
  };
};

/** Restarts both timers whenever `sceneKey` changes (null: no scene yet). */
export const useSceneTiming = (sceneKey: number | null): SceneTiming => {
  const [timing, setTiming] = useState<SceneTiming>({ loading: sceneKey !== null, nameVisible: false });
  useEffect(() => {
    if (sceneKey === null) return;
    return startSceneTiming((next) => setTiming((old) => ({ ...old, ...next })));
  }, [sceneKey]);
  return timing;
};

/** Whether the document is in full screen, following the browser's fullscreenchange events. */
export const useFullscreen = (): { on: boolean; toggle: (el: HTMLElement | null) => void } => {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  // The whole document goes full screen (el null): the popups are portalled to <body> and must stay visible.
  const toggle = (el: HTMLElement | null) => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void (el ?? document.documentElement).requestFullscreen?.().catch(() => undefined);
  };
  return { on, toggle };
};

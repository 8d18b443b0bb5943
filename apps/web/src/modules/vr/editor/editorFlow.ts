import type { Visual } from '@tilth/contracts/vr.types';
import { VR_SCENES_MAX } from '@tilth/contracts/vr.types';

// The editor's questions and refusals (spec 03 §4, §5, §8), as plain functions the page calls.

/** Why save is refused now, or null: the hotspot panel must be closed first. */
export const saveRefusal = (hotspotPanelOpen: boolean): 'finishHotspots' | null =>
  hotspotPanelOpen ? 'finishHotspots' : null;

export type SwitchChoice = 'save' | 'discard';

export interface SwitchSteps {
  /** Saves the current scene; false when it failed (the API client has already said why, if anything). */
  save: () => Promise<boolean>;
  /** Reloads the scene list after a save. */
  reload: () => Promise<void>;
  /** 'Saved successfully'. */
  saved: () => void;
  /** Makes the chosen scene current, loading its stored view and hotspots. */
  select: () => void;
}

/**
 * 'Save the current edits before switching scenes?': Save persists then switches (a failure stays on the
 * current scene with no message of its own); Don't save drops the edits and switches. true when switched.
 */
export const switchScene = async (choice: SwitchChoice, steps: SwitchSteps): Promise<boolean> => {
  if (choice === 'save') {
    let ok = false;
    try {
      ok = await steps.save();
    } catch {
      ok = false;
    }
    if (!ok) return false;
    await steps.reload();
    steps.saved();
  }
  steps.select();
  return true;
};

/** Deleting a scene: refused when it is the last one. */
export const sceneDeleteRefusal = (sceneCount: number): 'lastScene' | null =>
  sceneCount <= 1 ? 'lastScene' : null;

/** Adding scenes: refused when existing + chosen would pass 10. */
export const addScenesRefusal = (existing: number, chosen: number): 'tooManyScenes' | null =>
  existing + chosen > VR_SCENES_MAX ? 'tooManyScenes' : null;

/** The view and hotspots as the scene save sends them. */
export const sceneJson = (
  visual: Visual,
  hotspots: readonly unknown[],
): { visualJson: string; hotSpotJson: string } => ({
  visualJson: JSON.stringify(visual),
  hotSpotJson: JSON.stringify(hotspots),
});

/** Basics confirm: the first empty required field's message key (cover, name, bases — spec 03 §5). */
export const basicsProblem = (b: {
  vrCover: string;
  vrName: string;
  areaId: readonly number[];
}): string | null => {
  if (!b.vrCover) return 'basics.coverRequired';
  if (!b.vrName.trim()) return 'basics.nameRequired';
  if (b.areaId.length === 0) return 'basics.basesRequired';
  return null;
};

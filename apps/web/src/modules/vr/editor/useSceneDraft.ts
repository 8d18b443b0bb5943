import { useQueryClient } from '@tanstack/react-query';
import { type Hotspot, type Scene, VISUAL_DEFAULT, type Visual } from '@tilth/contracts/vr.types';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { vrApi, vrKeys } from '../api/vr.api';
import { parseVisual } from '../viewer/viewMath';
import { sceneJson } from './editorFlow';
import { parseHotspots } from './hotspotForm';

// The current scene of the editor and its unsaved view and hotspots: nothing reaches the server until save.

export interface SceneDraft {
  scene: Scene | null;
  visual: Visual;
  hotspots: Hotspot[];
  setVisual: (v: Visual) => void;
  setHotspots: (h: Hotspot[] | ((prev: Hotspot[]) => Hotspot[])) => void;
  /** Persists the draft; false when the server refused (its message already shown by the API client). */
  save: () => Promise<boolean>;
  /** Reloads the scene list (after a save, an add or a delete). */
  reload: () => Promise<Scene[]>;
  /** Makes another scene current, with its stored view and hotspots. */
  select: (scenesId: number) => void;
}

export const useSceneDraft = (t: number, vrId: number, scenes: Scene[] | undefined): SceneDraft => {
  const client = useQueryClient();
  const [currentId, setCurrentId] = useState<number | null>(null);
  const scene = useMemo(
    () => scenes?.find((s) => s.scenesId === currentId) ?? scenes?.[0] ?? null,
    [scenes, currentId],
  );
  const [visual, setVisual] = useState<Visual>(VISUAL_DEFAULT);
  const [hotspots, setHotspots] = useState<Hotspot[]>([]);

  // A scene entered (or saved anew) starts from what is stored.
  const sceneId = scene?.scenesId;
  const version = scene?.objectVersionNumber;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the scene and its stored version only
  useEffect(() => {
    if (!scene) return;
    setVisual(parseVisual(scene.visualJson, VISUAL_DEFAULT));
    setHotspots(parseHotspots(scene.hotSpotJson));
  }, [sceneId, version]);

  const reload = useCallback(async () => {
    const fresh = await vrApi.scenes(t, vrId);
    client.setQueryData(vrKeys.scenes(t, vrId), fresh);
    return fresh;
  }, [client, t, vrId]);

  const save = useCallback(async () => {
    if (!scene) return false;
    try {
      await vrApi.saveScene(t, {
        scenesId: scene.scenesId,
        vrId: scene.vrId,
        panoramaId: scene.panoramaId,
        scenesName: scene.scenesName,
        scenesCover: scene.scenesCover || undefined,
        ...sceneJson(visual, hotspots),
        objectVersionNumber: scene.objectVersionNumber,
      });
      return true;
    } catch (err) {
      // Stale: someone else saved the scene; the list is reloaded so the next save starts from theirs.
      if (err instanceof ApiError && err.status === 409) await reload().catch(() => undefined);
      return false;
    }
  }, [scene, t, visual, hotspots, reload]);

  const select = useCallback(
    (scenesId: number) => {
      setCurrentId(scenesId);
      // The same scene chosen again after "Don't save" must still drop the edits.
      const s = scenes?.find((x) => x.scenesId === scenesId);
      if (s) {
        setVisual(parseVisual(s.visualJson, VISUAL_DEFAULT));
        setHotspots(parseHotspots(s.hotSpotJson));
      }
    },
    [scenes],
  );

  return { scene, visual, hotspots, setVisual, setHotspots, save, reload, select };
};

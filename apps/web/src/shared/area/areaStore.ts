import type { Area } from '@tilth/contracts/area.types';
import { SESSION_KEYS, session } from '../storage';
import { createStore, useStore } from '../store';

// The selected base (spec 01 §3, §7): kept in app state and in session storage under `area`.

export type SelectedArea = Pick<
  Area,
  'areaId' | 'areaName' | 'areaNum' | 'areaCenter' | 'areaUsage' | 'defaultFlag'
>;

export const parseStoredArea = (text: string | null): SelectedArea | null => {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { areaId, areaName } = value as Partial<SelectedArea>;
    return typeof areaId === 'number' && typeof areaName === 'string' ? (value as SelectedArea) : null;
  } catch {
    return null;
  }
};

export const areaStore = createStore<SelectedArea | null>(parseStoredArea(session.get(SESSION_KEYS.area)));

export const selectArea = (area: SelectedArea | null): void => {
  const kept = area
    ? {
        areaId: area.areaId,
        areaName: area.areaName,
        areaNum: area.areaNum,
        areaCenter: area.areaCenter,
        areaUsage: area.areaUsage,
        defaultFlag: area.defaultFlag,
      }
    : null;
  if (kept) session.set(SESSION_KEYS.area, JSON.stringify(kept));
  else session.remove(SESSION_KEYS.area);
  areaStore.set(kept);
};

export const useSelectedArea = (): SelectedArea | null => useStore(areaStore);

/** '30.5,114.3' → [30.5, 114.3]; the spec's areaCenter is a comma-separated pair. */
export const areaCenterPair = (center: string | null | undefined): [number, number] | null => {
  const parts = (center ?? '').split(',').map((p) => Number(p.trim()));
  const [a, b] = parts;
  return parts.length === 2 && a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b)
    ? [a, b]
    : null;
};

// The tab strip's state (spec 01 §2.10, §4, §9): a fixed home tab first, at most 20 tabs; opening one
// more drops the oldest other tab (and with it its kept-alive page).

export const MAX_PANES = 20;

export interface Pane {
  /** The path without query: one tab per page. */
  key: string;
  /** The path with its query, as last visited. */
  path: string;
  /** Bumped by 'refresh' so the page mounts afresh. */
  version: number;
}

export interface PaneStrip {
  panes: Pane[];
  activeKey: string;
}

export type PaneAction =
  | { type: 'open'; path: string }
  | { type: 'close'; key: string }
  | { type: 'closeOthers'; key: string }
  | { type: 'refresh'; key: string };

export const paneKey = (path: string): string => path.split(/[?#]/)[0] || '/';

export const createStrip = (homePath: string): PaneStrip => {
  const key = paneKey(homePath);
  return { panes: [{ key, path: homePath, version: 0 }], activeKey: key };
};

const homeKey = (strip: PaneStrip): string | undefined => strip.panes[0]?.key;

/** Spec 01 §2.10: the home tab never closes, and nothing closes while fewer than 2 tabs are open. */
export const canClose = (strip: PaneStrip, key: string): boolean =>
  strip.panes.length >= 2 && key !== homeKey(strip) && strip.panes.some((p) => p.key === key);

export const canCloseOthers = (strip: PaneStrip): boolean => strip.panes.length >= 2;

export const paneReducer = (strip: PaneStrip, action: PaneAction, max = MAX_PANES): PaneStrip => {
  switch (action.type) {
    case 'open': {
      const key = paneKey(action.path);
      const existing = strip.panes.find((p) => p.key === key);
      if (existing) {
        if (existing.path === action.path && strip.activeKey === key) return strip;
        return {
          panes: strip.panes.map((p) => (p.key === key ? { ...p, path: action.path } : p)),
          activeKey: key,
        };
      }
      let panes = [...strip.panes, { key, path: action.path, version: 0 }];
      // The oldest tab after the fixed home tab goes first.
      while (panes.length > Math.max(2, max)) panes = [panes[0] as Pane, ...panes.slice(2)];
      return { panes, activeKey: key };
    }
    case 'close': {
      if (!canClose(strip, action.key)) return strip;
      const index = strip.panes.findIndex((p) => p.key === action.key);
      const panes = strip.panes.filter((p) => p.key !== action.key);
      if (strip.activeKey !== action.key) return { panes, activeKey: strip.activeKey };
      // The closed tab was shown: show its right neighbour, or the left one at the end of the strip.
      const next = panes[Math.min(index, panes.length - 1)] ?? panes[0];
      return { panes, activeKey: next?.key ?? strip.activeKey };
    }
    case 'closeOthers': {
      if (!canCloseOthers(strip)) return strip;
      const home = strip.panes[0];
      const keep = strip.panes.filter((p) => p === home || p.key === action.key);
      if (!keep.some((p) => p.key === action.key)) return strip;
      return { panes: keep, activeKey: action.key };
    }
    case 'refresh':
      return {
        panes: strip.panes.map((p) => (p.key === action.key ? { ...p, version: p.version + 1 } : p)),
        activeKey: strip.activeKey,
      };
  }
};

export const activePane = (strip: PaneStrip): Pane | undefined =>
  strip.panes.find((p) => p.key === strip.activeKey);

// Issue 12 item 8: offline, the map was plain grey with no word why. The shown base layer's tiles are
// watched: when several fail and none has loaded, the map says its layer is unreachable (and offers the
// configured offline layer); a tile that loads, or another layer, takes the notice away.

/** Failed tiles, with none loaded, before the layer counts as unreachable (one failure may be a blip). */
export const UNREACHABLE_AFTER = 4;

export type TileWatchChange = 'unreachable' | 'reachable' | null;

export interface TileWatch {
  /** A tile of the shown layer loaded (true) or failed (false); answers a change of state, if any. */
  tile: (ok: boolean) => TileWatchChange;
  /** Another layer is shown: start counting again. */
  reset: () => void;
}

export const createTileWatch = (after = UNREACHABLE_AFTER): TileWatch => {
  let failed = 0;
  let loaded = 0;
  let unreachable = false;
  return {
    tile: (ok) => {
      if (ok) {
        loaded++;
        if (!unreachable) return null;
        unreachable = false;
        return 'reachable';
      }
      failed++;
      if (unreachable || loaded > 0 || failed < after) return null;
      unreachable = true;
      return 'unreachable';
    },
    reset: () => {
      failed = 0;
      loaded = 0;
      unreachable = false;
    },
  };
};

/** The provider id of the self-hosted layer (TILTH_MAP_CUSTOM_URL on the server). */
export const OFFLINE_PROVIDER_ID = 'custom';

import type { Hotspot, HotspotDevice } from '@tilth/contracts/vr.types';

// What a click on a hotspot does in the preview and on a public link (spec 03 §4 "Preview hotspot clicks").
// One pure dispatch so both pages, and the tests, agree on it.

/** Which device popup a device hotspot opens, by deviceType. */
export type DevicePopupKind = 'camera' | 'aerator' | 'insectLamp' | 'card' | 'generic';

const CARD_TYPES: ReadonlySet<string> = new Set([
  'waterFertilizer',
  'inverter',
  'sex_inducement',
  'lorawan_gateway',
  'lorawan_node',
  'injection',
  'electric_valve',
]);
const INSECT_LAMP_TYPES: ReadonlySet<string> = new Set([
  'insectSituationLamp',
  'insectSituationLamp_II',
  'insectSituationLamp_IV',
]);

export const devicePopupKind = (deviceType: string): DevicePopupKind => {
  if (deviceType === 'camera') return 'camera';
  if (deviceType === 'aerator_ii') return 'aerator';
  if (INSECT_LAMP_TYPES.has(deviceType)) return 'insectLamp';
  if (CARD_TYPES.has(deviceType)) return 'card';
  return 'generic';
};

/** Device types a popup can switch on and off for a holder of the control code. */
export const switchableDevice = (deviceType: string): boolean =>
  deviceType === 'aerator_ii' || deviceType === 'electric_valve';

export type HotspotAction =
  | { kind: 'scene'; scenesId: number; arrive: { hlookat: number; vlookat: number } | null }
  | { kind: 'link'; url: string }
  | { kind: 'text'; title: string; text: string }
  | { kind: 'album'; title: string; images: string[] }
  | { kind: 'device'; popup: DevicePopupKind; title: string; device: HotspotDevice; hotspotName: string }
  | { kind: 'none' };

/** The action of a click on `h` (a hotspot whose content is missing does nothing). */
export const hotspotAction = (h: Pick<Hotspot, 'HType' | 'content' | 'text' | 'name'>): HotspotAction => {
  const c = h.content ?? {};
  const title = (h.text ?? '').trim();
  switch (h.HType) {
    case 1: {
      if (!c.scenesId) return { kind: 'none' };
      const hasArrive = typeof c.arriveHlookat === 'number' && typeof c.arriveVlookat === 'number';
      return {
        kind: 'scene',
        scenesId: c.scenesId,
        arrive: hasArrive ? { hlookat: c.arriveHlookat as number, vlookat: c.arriveVlookat as number } : null,
      };
    }
    case 2:
      if (!c.device) return { kind: 'none' };
      return {
        kind: 'device',
        popup: devicePopupKind(c.device.deviceType),
        title: title || c.realName || c.device.name,
        device: c.device,
        hotspotName: h.name,
      };
    case 3:
      return c.images?.length ? { kind: 'album', title, images: c.images } : { kind: 'none' };
    case 4:
      return c.text?.trim() ? { kind: 'text', title, text: c.text } : { kind: 'none' };
    case 5: {
      const url = (c.link ?? '').trim();
      // Only http(s) and ftp: a stored 'javascript:' link must never run in the console's origin.
      return /^(https?|ftp):\/\//i.test(url) ? { kind: 'link', url } : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
};

/** Opens a link hotspot in a new window that cannot reach back to the console. */
export const openLink = (url: string, open: typeof window.open = window.open.bind(window)): void => {
  open(url, '_blank', 'noopener,noreferrer');
};

/** The scenes' hotspots parsed from hotSpotJson; a broken text gives none rather than a broken page. */
export const parseHotspots = (json: string): Hotspot[] => {
  try {
    const v: unknown = JSON.parse(json || '[]');
    return Array.isArray(v) ? (v as Hotspot[]) : [];
  } catch {
    return [];
  }
};

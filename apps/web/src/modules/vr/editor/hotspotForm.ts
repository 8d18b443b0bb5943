import {
  HOTSPOT_LINK_PATTERN,
  HOTSPOT_NAME_PREFIX,
  HOTSPOT_SIZE_BASE,
  HOTSPOT_SIZE_FACTOR,
  HOTSPOT_STYLE_DEFAULT,
  type Hotspot,
  type HotspotRule,
  type HotspotType,
  hotspotRuleBroken,
} from '@tilth/contracts/vr.types';
import { DEFAULT_HOTSPOT_ICON } from '../viewer/hotspotIcons';

// The hotspot panel's rules (spec 03 §4–§5), apart from the screen so they are tested without WebGL.

/** A hotspot being added or edited: the type may still be unchosen. */
export type HotspotDraft = Omit<Hotspot, 'HType'> & { HType?: HotspotType };

let counter = 0;

/** hs- and a short suffix not used in the scene yet. */
export const newHotspotName = (taken: readonly string[], now: () => number = Date.now): string => {
  for (;;) {
    counter += 1;
    const name = `${HOTSPOT_NAME_PREFIX}${now().toString(36)}${counter.toString(36)}`;
    if (!taken.includes(name)) return name;
  }
};

/** Add mode: a default hotspot at the view centre (icon, factor 1 → 50, style 'front', no type yet). */
export const defaultHotspot = (
  taken: readonly string[],
  at: { hlookat: number; vlookat: number },
): HotspotDraft => ({
  name: newHotspotName(taken),
  width: String(HOTSPOT_SIZE_BASE * HOTSPOT_SIZE_FACTOR.default),
  height: String(HOTSPOT_SIZE_BASE * HOTSPOT_SIZE_FACTOR.default),
  ath: Math.round(at.hlookat * 10) / 10,
  atv: Math.round(at.vlookat * 10) / 10,
  url: DEFAULT_HOTSPOT_ICON,
  style: HOTSPOT_STYLE_DEFAULT,
  content: {},
  text: '',
});

/** The size slider's factor (0–2, step 0.1) of a stored width. */
export const sizeFactorOf = (width: string): number => {
  const n = Number(width);
  if (!Number.isFinite(n)) return HOTSPOT_SIZE_FACTOR.default;
  return Math.round((n / HOTSPOT_SIZE_BASE) * 10) / 10;
};

/** width and height = 50 × factor, as text. */
export const withSizeFactor = (draft: HotspotDraft, factor: number): HotspotDraft => {
  const f = Math.min(
    HOTSPOT_SIZE_FACTOR.max,
    Math.max(HOTSPOT_SIZE_FACTOR.min, Math.round(factor * 10) / 10),
  );
  const size = String(Math.round(HOTSPOT_SIZE_BASE * f * 10) / 10);
  return { ...draft, width: size, height: size };
};

/** Changing the type clears the title and the content of the type (spec 03 §4). */
export const withType = (draft: HotspotDraft, type: HotspotType): HotspotDraft => {
  if (draft.HType === type) return draft;
  const { linkedscene: _l, ...rest } = draft;
  return { ...rest, HType: type, text: '', content: {} };
};

/** The link field's check on blur: null when fine (an empty one is judged at confirm). */
export const linkProblem = (link: string): HotspotRule | null => {
  const trimmed = link.trim();
  if (!trimmed) return null;
  return HOTSPOT_LINK_PATTERN.test(trimmed) ? null : 'linkInvalid';
};

/** The i18n key of a broken rule's message. */
export const ruleKey = (rule: HotspotRule): string => `vrEditor:hotspot.rule.${rule}`;

/**
 * Confirm: the hotspot as it goes into the scene's list, or the rule it breaks. Title and text trimmed;
 * a scene link also names its target as krpano does (scene_{id}).
 */
export const finishHotspot = (draft: HotspotDraft): { hotspot: Hotspot } | { rule: HotspotRule } => {
  const text = draft.text.trim();
  const content = { ...draft.content };
  if (content.text !== undefined) content.text = content.text.trim();
  if (content.link !== undefined) content.link = content.link.trim();
  const candidate = { ...draft, text, content };
  const rule = hotspotRuleBroken(candidate);
  if (rule || !candidate.HType) return { rule: rule ?? 'typeRequired' };
  const hotspot: Hotspot = { ...candidate, HType: candidate.HType };
  if (hotspot.HType === 1) hotspot.linkedscene = `scene_${content.scenesId}`;
  else delete hotspot.linkedscene;
  return { hotspot };
};

/** Adds or replaces (by name) a hotspot in the scene's list. */
export const upsertHotspot = (list: readonly Hotspot[], h: Hotspot): Hotspot[] => {
  const i = list.findIndex((x) => x.name === h.name);
  if (i < 0) return [...list, h];
  const next = [...list];
  next[i] = h;
  return next;
};

/** Parses hotSpotJson; anything broken gives no hotspots rather than a broken editor. */
export const parseHotspots = (json: string | null | undefined): Hotspot[] => {
  if (!json) return [];
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? (list as Hotspot[]) : [];
  } catch {
    return [];
  }
};

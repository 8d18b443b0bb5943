import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  flag01,
  objectVersionNumber,
  pageOf,
  pageQuery,
  queryId,
  tenantParam,
  trimmedText,
  updateBodyOf,
} from './common.types.js';
import { panoramaTiles } from './panorama.types.js';

// VR panorama tours (spec 03 §2–§5, §7–§9; issue 17): a tour (panorama-vr) of up to 10 scenes
// (panorama-scenes), each a library panorama with a view (visualJson) and hotspots (hotSpotJson).
// The rules below are the one definition the server enforces and the console checks first.

export const VR_NAME_MAX = 20;
export const VR_DESCRIPTION_MAX = 200;
export const VR_SCENES_MAX = 10;
export const VR_BASE_TAGS_SHOWN = 10;
export const VR_BASES_MAX = 200;
export const SCENE_NAME_MAX = 60;
export const HOTSPOT_TITLE_MAX = 20;
export const HOTSPOT_TEXT_MAX = 2000;
export const HOTSPOT_TEXT_ROWS = { min: 6, max: 12 } as const;
export const HOTSPOT_ALBUM_MAX = 20;
/** Hotspots per scene (not in the spec: bounds the JSON a save may carry). */
export const HOTSPOTS_PER_SCENE_MAX = 100;
export const HOTSPOT_SIZE_BASE = 50;
export const HOTSPOT_SIZE_FACTOR = { min: 0, max: 2, step: 0.1, default: 1 } as const;
export const HOTSPOT_STYLE_DEFAULT = 'front';
export const HOTSPOT_NAME_PREFIX = 'hs-';
/** The editor's built-in icons (a hotspot's url is one of these names, or a picture the tenant stored). */
export const HOTSPOT_ICON_NAMES = ['arrow', 'info', 'camera', 'device', 'image', 'link', 'pin'] as const;
export const VR_SAVE_DEBOUNCE_MS = 1000;
export const VR_SCENE_NAME_SHOW_MS = 5000;
export const VR_LOADING_MS = 1000;
export const VR_DELETE_HOTSPOT_DELAY_MS = 500;
export const VR_ADD_SCENE_CONFIRM_MS = 500;
export const VR_FOV_DEFAULT = 90;

/** HType (spec 03 §4). */
export const HOTSPOT_TYPES = { scene: 1, device: 2, album: 3, text: 4, link: 5 } as const;
export type HotspotType = (typeof HOTSPOT_TYPES)[keyof typeof HOTSPOT_TYPES];

/** Device types a device hotspot may point at (spec 03 §3). */
export const VR_DEVICE_TYPES = [
  'camera',
  'aerator_ii',
  'waterFertilizer',
  'inverter',
  'sex_inducement',
  'lorawan_gateway',
  'lorawan_node',
  'injection',
  'insectSituationLamp',
  'insectSituationLamp_II',
  'insectSituationLamp_IV',
  'electric_valve',
] as const;

// ---- View (visualJson) -------------------------------------------------------------------------------

/** The view as stored in visualJson (spec 03 §3: lower-case min / max suffixes), whole degrees. */
export const visual = z.object({
  fov: z.number().int(),
  fovmin: z.number().int(),
  fovmax: z.number().int(),
  hlookat: z.number().int(),
  vlookat: z.number().int(),
  hlookatmin: z.number().int(),
  hlookatmax: z.number().int(),
  vlookatmin: z.number().int(),
  vlookatmax: z.number().int(),
});
export type Visual = z.infer<typeof visual>;

export const VISUAL_DEFAULT: Visual = {
  fov: VR_FOV_DEFAULT,
  fovmin: 30,
  fovmax: 120,
  hlookat: 0,
  vlookat: 0,
  hlookatmin: -180,
  hlookatmax: 180,
  vlookatmin: -90,
  vlookatmax: 90,
};

/** Which rule of spec 03 §5 a view breaks (the console and the server word each in both languages). */
export type VisualRule =
  | 'fovRange' // every fov value 0–180
  | 'fovInitial' // fovmin ≤ fov ≤ fovmax, fov ≥ 1
  | 'vRange' // vertical limits and vlookat in -90…90
  | 'vOrder' // top (vlookatmin) below bottom (vlookatmax), and vlookat between them
  | 'hRange' // horizontal limits and hlookat in -180…180
  | 'hOrder'; // hlookatmin below hlookatmax, and hlookat between them

/** The first rule `v` breaks, or null. Values must already be whole numbers (rounded down by the form). */
export const visualRuleBroken = (v: Visual): VisualRule | null => {
  const inRange = (x: number, lo: number, hi: number) => x >= lo && x <= hi;
  if (![v.fov, v.fovmin, v.fovmax].every((x) => inRange(x, 0, 180))) return 'fovRange';
  if (v.fov < 1 || v.fovmin > v.fov || v.fovmax < v.fov) return 'fovInitial';
  if (![v.vlookat, v.vlookatmin, v.vlookatmax].every((x) => inRange(x, -90, 90))) return 'vRange';
  if (v.vlookatmin >= v.vlookatmax || !inRange(v.vlookat, v.vlookatmin, v.vlookatmax)) return 'vOrder';
  if (![v.hlookat, v.hlookatmin, v.hlookatmax].every((x) => inRange(x, -180, 180))) return 'hRange';
  if (v.hlookatmin >= v.hlookatmax || !inRange(v.hlookat, v.hlookatmin, v.hlookatmax)) return 'hOrder';
  return null;
};

// ---- Hotspots (hotSpotJson) --------------------------------------------------------------------------

/** A link hotspot's target: a full http, https or ftp URL (spec 03 §5). */
export const HOTSPOT_LINK_PATTERN = /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i;

/** The device a type-2 hotspot shows; cameras carry id and deviceSerial, others concentratorId and eui. */
export const hotspotDevice = z.object({
  deviceType: z.enum(VR_DEVICE_TYPES),
  /** camera id */
  id: z.number().int().optional(),
  /** device id of any other type */
  concentratorId: z.number().int().optional(),
  name: z.string().max(200),
  deviceSerial: z.string().max(200).optional(),
  eui: z.string().max(200).optional(),
});
export type HotspotDevice = z.infer<typeof hotspotDevice>;

/** content by HType; the matching key must be present and non-empty (spec 03 §5 messages). */
export const hotspotContent = z.object({
  /** 1: the target scene, and the direction the visitor faces on arrival (null: the target's initial view). */
  scenesId: z.number().int().optional(),
  arriveHlookat: z.number().min(-180).max(180).nullable().optional(),
  arriveVlookat: z.number().min(-90).max(90).nullable().optional(),
  /** 2 */
  realName: z.string().max(200).optional(),
  device: hotspotDevice.optional(),
  /** 3: file URLs of the album, 1–20 */
  images: z.array(z.string().max(1000)).optional(),
  /** 4: trimmed, 1–2000 characters */
  text: z.string().optional(),
  /** 5 */
  link: z.string().max(2000).optional(),
});
export type HotspotContent = z.infer<typeof hotspotContent>;

export const hotspot = z.object({
  /** hs- followed by letters, digits, '-' or '_' (made by the editor, unique in the scene). */
  name: z.string().regex(/^hs-[A-Za-z0-9_-]{1,40}$/),
  /** 50 × the size factor, as text (spec 03 §3). */
  width: z.string().regex(/^\d{1,3}(\.\d)?$/),
  height: z.string().regex(/^\d{1,3}(\.\d)?$/),
  /** Vertical and horizontal position in degrees. */
  atv: z.number().min(-90).max(90),
  ath: z.number().min(-180).max(180),
  /** The icon: one of the editor's icon names or a file URL. */
  url: z.string().max(1000),
  style: z.string().max(40).default(HOTSPOT_STYLE_DEFAULT),
  HType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  content: hotspotContent,
  /** The title (tooltip), trimmed, at most 20. */
  text: z.string().max(HOTSPOT_TITLE_MAX * 4),
  /** Type 1: the target scene as 'scene_{scenesId}' (krpano's name). */
  linkedscene: z.string().max(40).optional(),
  ondown: z.string().max(40).optional(),
});
export type Hotspot = z.infer<typeof hotspot>;

/** Which rule of spec 03 §5 a hotspot breaks. */
export type HotspotRule =
  | 'typeRequired' // 'Please select a hotspot type'
  | 'sceneRequired' // 1: 'Please select a switch scene'
  | 'deviceRequired' // 2: 'Please select a device'
  | 'albumRequired' // 3: 'Please upload at least one picture'
  | 'albumTooMany' // 3: more than 20
  | 'textRequired' // 4: 'Please enter text content'
  | 'textTooLong' // 4: more than 2000
  | 'linkRequired' // 5: 'Please enter a hyperlink'
  | 'linkInvalid' // 5: 'Please enter a correct full link starting with http or https'
  | 'titleTooLong' // more than 20
  | 'sizeRange'; // width / height outside 0–100 (factor 0–2)

/** The first rule `h` breaks (its title and text judged trimmed), or null. */
export const hotspotRuleBroken = (h: Partial<Hotspot>): HotspotRule | null => {
  if (!h.HType) return 'typeRequired';
  if ((h.text ?? '').trim().length > HOTSPOT_TITLE_MAX) return 'titleTooLong';
  const size = [Number(h.width ?? HOTSPOT_SIZE_BASE), Number(h.height ?? HOTSPOT_SIZE_BASE)];
  if (size.some((s) => !(s >= 0 && s <= HOTSPOT_SIZE_BASE * HOTSPOT_SIZE_FACTOR.max))) return 'sizeRange';
  const c = h.content ?? {};
  switch (h.HType) {
    case 1:
      return c.scenesId ? null : 'sceneRequired';
    case 2:
      return c.device ? null : 'deviceRequired';
    case 3:
      if (!c.images?.length) return 'albumRequired';
      return c.images.length > HOTSPOT_ALBUM_MAX ? 'albumTooMany' : null;
    case 4: {
      const text = (c.text ?? '').trim();
      if (!text) return 'textRequired';
      return text.length > HOTSPOT_TEXT_MAX ? 'textTooLong' : null;
    }
    case 5: {
      const link = (c.link ?? '').trim();
      if (!link) return 'linkRequired';
      return HOTSPOT_LINK_PATTERN.test(link) ? null : 'linkInvalid';
    }
    default:
      return 'typeRequired';
  }
};

// ---- Tour (panorama-vr) ------------------------------------------------------------------------------

export const vrArea = z.object({ areaId: z.number().int(), areaName: z.string() });

export const vr = z.object({
  vrId: z.number().int(),
  vrName: z.string(),
  /** A file URL (/hfle/v1/{t}/files/{id}/image …) or '' when none yet. */
  vrCover: z.string(),
  description: z.string(),
  area: z.array(vrArea),
  /** The bound bases' ids (= area[].areaId): what PUT takes back, so the GET's answer can be sent as is. */
  areaId: z.array(z.number().int()),
  enabledFlag: flag01,
  sceneCount: z.number().int(),
  /** The public read-only link's console path (/vr/{tenantId}/{token}) when published, else null. */
  publicPath: z.string().nullable(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
});
export type Vr = z.infer<typeof vr>;
export const vrPage = pageOf(vr);

/** GET /wfpf/v1/{t}/panorama-vr: the list of /system/vr-video. */
export const vrListQuery = pageQuery.extend({
  vrName: blankAsUnset(z.string().max(VR_NAME_MAX * 2)),
  areaId: blankAsUnset(queryId),
  enabledFlag: blankAsUnset(z.coerce.number().pipe(flag01)),
});
export type VrListQuery = z.infer<typeof vrListQuery>;

export const vrIdParam = tenantParam.extend({ vrId: queryId });

const vrBasics = {
  vrName: trimmedText(VR_NAME_MAX),
  vrCover: z.string().max(1000),
  description: trimmedText(VR_DESCRIPTION_MAX).default(''),
  areaId: z.array(bodyId).max(VR_BASES_MAX),
};

/**
 * POST /wfpf/v1/{t}/panorama-vr: a new tour with its first scenes (1–10 ready panoramas, named after them).
 * Empty name, cover or base list answer the spec's messages ('VR name cannot be empty', …) as 400.
 */
export const vrCreateBody = z.strictObject({
  ...vrBasics,
  panoramaIds: z.array(bodyId).max(VR_SCENES_MAX * 2),
});
export type VrCreateBody = z.input<typeof vrCreateBody>;

/** PUT /wfpf/v1/{t}/panorama-vr (spec 03 §7). */
export const vrUpdateBody = updateBodyOf(
  z.strictObject({
    ...vrBasics,
    vrId: bodyId,
    objectVersionNumber,
    enabledFlag: flag01.default(1),
  }),
  vr,
);
export type VrUpdateBody = z.input<typeof vrUpdateBody>;

export const vrDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});

/** POST /wfpf/v1/{t}/panorama-vr/{vrId}/publish → the public path; DELETE withdraws it at once. */
export const vrPublishAnswer = z.object({ publicPath: z.string().nullable() });

// ---- Scenes (panorama-scenes) ------------------------------------------------------------------------

export const scenePanorama = z.object({
  panoramaId: z.number().int(),
  panoramaName: z.string(),
  panoramaImages: z.string(),
  panoramaPreview: z.string(),
  panoramaThumb: z.string(),
  tiles: panoramaTiles.nullable(),
});

export const scene = z.object({
  scenesId: z.number().int(),
  scenesName: z.string(),
  vrId: z.number().int(),
  panoramaId: z.number().int(),
  /** Position in the strip, from 0. */
  sortOrder: z.number().int(),
  thumbUrl: z.string(),
  previewUrl: z.string(),
  /** = panorama.panoramaImages */
  images: z.string(),
  scenesCover: z.string(),
  /** JSON text of Visual. */
  visualJson: z.string(),
  /** JSON text of Hotspot[]. */
  hotSpotJson: z.string(),
  panorama: scenePanorama,
  objectVersionNumber: z.number().int(),
});
export type Scene = z.infer<typeof scene>;

export const sceneListQuery = z.object({ vrId: queryId });
export const sceneList = z.array(scene);

/** POST /wfpf/v1/{t}/panorama-scenes (one request per panorama). */
export const sceneCreateBody = z.strictObject({
  scenesName: trimmedText(SCENE_NAME_MAX).optional(),
  panoramaId: bodyId,
  vrId: bodyId,
});
export type SceneCreateBody = z.input<typeof sceneCreateBody>;

/**
 * PUT /wfpf/v1/{t}/panorama-scenes (spec 03 §7). visualJson and hotSpotJson are JSON text, parsed and
 * checked against every rule by the server (400 with the rule's message). An `accessToken` key, which the
 * spec's console puts in the payload, is accepted and ignored: the session authorises the call.
 */
export const sceneUpdateBody = updateBodyOf(
  z.strictObject({
    scenesId: bodyId,
    vrId: bodyId,
    panoramaId: bodyId,
    scenesName: trimmedText(SCENE_NAME_MAX).optional(),
    scenesCover: z.string().max(1000).optional(),
    visualJson: z.string().max(4000),
    hotSpotJson: z.string().max(HOTSPOTS_PER_SCENE_MAX * (HOTSPOT_TEXT_MAX + 4000)),
    objectVersionNumber,
    accessToken: z.string().max(4000).optional(),
  }),
  scene,
);
export type SceneUpdateBody = z.input<typeof sceneUpdateBody>;
export const sceneUpdateAnswer = z.object({ objectVersionNumber: z.number().int(), scene });

/** DELETE /wfpf/v1/{t}/panorama-scenes with body { scenesId } → 1 (spec 03 §4). */
export const sceneDeleteBody = z.strictObject({ scenesId: bodyId });
export const sceneDeleteAnswer = z.literal(1);

/** PUT /wfpf/v1/{t}/panorama-scenes/order: the strip's order. */
export const sceneOrderBody = z.strictObject({ vrId: bodyId, scenesIds: z.array(bodyId).max(VR_SCENES_MAX) });

/**
 * GET /wfpf/v1/{t}/panorama-scenes/hotspot-state?scenesId=&name= and its public twin: a device hotspot's
 * read-only state (the device's latest values with the registry's labels and units; cameras: online only).
 */
export const hotspotStateQuery = z.object({
  scenesId: queryId,
  name: z.string().regex(/^hs-[A-Za-z0-9_-]{1,40}$/),
});
export const hotspotStateValue = z.object({
  key: z.string(),
  /** The metric's name in the caller's language. */
  label: z.string(),
  value: z.number(),
  /** '' for counts and flags. */
  unit: z.string(),
  /** An enumerated metric's state in words (on / off …), else null. */
  text: z.string().nullable(),
});
export const hotspotState = z.object({
  name: z.string(),
  deviceType: z.enum(VR_DEVICE_TYPES),
  online: z.boolean(),
  values: z.array(hotspotStateValue),
  /** When the values were reported (ISO), null when never. */
  latestAt: z.string().nullable(),
});
export type HotspotState = z.infer<typeof hotspotState>;

// ---- Public tour (no sign-in) ------------------------------------------------------------------------

/**
 * GET /wfpf/v1/public/{tenantId}/vr/{token}: what a visitor of a published tour sees — names, description, the
 * tenant's logo, scenes with views and hotspots. Device hotspots carry only deviceType and name; tile,
 * preview and thumb URLs are public paths under the same token. No ids of anything else, no tokens.
 */
export const publicVrTokenParam = tenantParam.extend({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
export const publicVr = z.object({
  vrName: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  companyName: z.string(),
  scenes: z.array(
    z.object({
      scenesId: z.number().int(),
      scenesName: z.string(),
      thumbUrl: z.string(),
      previewUrl: z.string(),
      images: z.string(),
      tiles: panoramaTiles.nullable(),
      visualJson: z.string(),
      hotSpotJson: z.string(),
    }),
  ),
});
export type PublicVr = z.infer<typeof publicVr>;

/** The public images of a published tour: a scene's panorama assets and the files its hotspots show. */
export const publicVrPanoramaParam = publicVrTokenParam.extend({
  panoramaId: queryId,
  assetKey: z.string().uuid(),
});
export const publicVrTileParam = publicVrPanoramaParam.extend({
  level: z.coerce.number().int().min(0).max(20),
  tile: z.string().regex(/^\d{1,3}_\d{1,3}\.jpg$/),
});
export const publicVrFileParam = publicVrTokenParam.extend({ fileId: z.string().uuid() });
export const publicVrHotspotParam = publicVrTokenParam.extend({
  scenesId: queryId,
  name: z.string().regex(/^hs-[A-Za-z0-9_-]{1,40}$/),
});

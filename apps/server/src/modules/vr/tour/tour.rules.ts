import {
  HOTSPOT_ICON_NAMES,
  HOTSPOT_TITLE_MAX,
  HOTSPOTS_PER_SCENE_MAX,
  type Hotspot,
  type HotspotRule,
  hotspot,
  hotspotRuleBroken,
  type Visual,
  type VisualRule,
  visual,
  visualRuleBroken,
} from '@tilth/contracts/vr.types';
import { z } from 'zod';
import type { AppError } from '../../../platform/errors.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { TourErrors } from './tour.errors.js';
import { hotspotDeviceState, ownImageIds } from './tour-refs.repository.js';

// Spec 03 §5 on the server: the same rule functions the console runs (contracts), each broken rule
// answered with its own message; then what only the server can know (scenes, devices, files).

const VISUAL_ERRORS: Record<VisualRule, () => AppError> = {
  fovRange: () => TourErrors.fovRange(),
  fovInitial: () => TourErrors.fovInitial(),
  vRange: () => TourErrors.vRange(),
  vOrder: () => TourErrors.vOrder(),
  hRange: () => TourErrors.hRange(),
  hOrder: () => TourErrors.hOrder(),
};

const HOTSPOT_ERRORS: Record<HotspotRule, () => AppError> = {
  typeRequired: () => TourErrors.typeRequired(),
  sceneRequired: () => TourErrors.sceneTargetRequired(),
  deviceRequired: () => TourErrors.deviceRequired(),
  albumRequired: () => TourErrors.albumRequired(),
  albumTooMany: () => TourErrors.albumTooMany(),
  textRequired: () => TourErrors.textRequired(),
  textTooLong: () => TourErrors.textTooLong(),
  linkRequired: () => TourErrors.linkRequired(),
  linkInvalid: () => TourErrors.linkInvalid(),
  titleTooLong: () => TourErrors.titleTooLong(),
  sizeRange: () => TourErrors.sizeRange(),
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** visualJson → the view, whole degrees (rounded down as the form does), every §5 view rule checked. */
export const parseVisual = (text: string): Visual => {
  const raw = parse(text);
  const floored =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.fromEntries(
          Object.entries(raw as Record<string, unknown>).map(([k, v]) => [
            k,
            typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : v,
          ]),
        )
      : raw;
  const v = visual.safeParse(floored);
  if (!v.success) throw TourErrors.visualJson();
  const rule = visualRuleBroken(v.data);
  if (rule) throw VISUAL_ERRORS[rule]();
  return v.data;
};

// A hotspot's type is judged first ('Please select a hotspot type'), before the schema's other fields.
const typeOnly = z.object({ HType: z.unknown() }).passthrough();

const detailOf = (e: z.ZodError): string => {
  const i = e.issues[0];
  return i ? `${i.path.join('.')}: ${i.message}` : 'invalid';
};

/** hotSpotJson → hotspots, trimmed, each checked against its type's rules; names unique, at most 100. */
export const parseHotspots = (text: string): Hotspot[] => {
  const raw = parse(text);
  if (!Array.isArray(raw)) throw TourErrors.hotspotJson({ detail: 'not a list' });
  if (raw.length > HOTSPOTS_PER_SCENE_MAX) throw TourErrors.hotspotsTooMany();
  const names = new Set<string>();
  return raw.map((item, i) => {
    const t = typeOnly.safeParse(item);
    if (!t.success || ![1, 2, 3, 4, 5].includes(t.data.HType as number)) throw TourErrors.typeRequired();
    const h = hotspot.safeParse(item);
    if (!h.success) throw TourErrors.hotspotJson({ detail: `${i}.${detailOf(h.error)}` });
    const rule = hotspotRuleBroken(h.data);
    if (rule) throw HOTSPOT_ERRORS[rule]();
    if (names.has(h.data.name)) throw TourErrors.hotspotNameTaken({ name: h.data.name });
    names.add(h.data.name);
    return trimmed(h.data);
  });
};

/** Stored trimmed: the title, text and link, and only the content key of the hotspot's type. */
const trimmed = (h: Hotspot): Hotspot => {
  const c = h.content;
  const content: Hotspot['content'] =
    h.HType === 1
      ? {
          scenesId: c.scenesId,
          arriveHlookat: c.arriveHlookat ?? null,
          arriveVlookat: c.arriveVlookat ?? null,
        }
      : h.HType === 2
        ? { realName: (c.realName ?? c.device?.name ?? '').trim(), device: c.device }
        : h.HType === 3
          ? { images: (c.images ?? []).map((u) => u.trim()) }
          : h.HType === 4
            ? { text: (c.text ?? '').trim() }
            : { link: (c.link ?? '').trim() };
  return {
    ...h,
    text: h.text.trim().slice(0, HOTSPOT_TITLE_MAX),
    content,
    ...(h.HType === 1 ? { linkedscene: `scene_${c.scenesId}` } : {}),
  };
};

const FILE_URL =
  /^\/hfle\/v1\/(\d{1,10})\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(file|image)(\?[^\s]*)?$/i;

/** Whether a hotspot icon names a file (a path or an address) rather than one of the editor's icons. */
export const isIconFile = (url: string): boolean => /[/:\\]/.test(url);

/** The file id of a stored-file URL of tenant `tenantId`, or undefined for anything else. */
export const ownFileId = (url: string, tenantId: number): string | undefined => {
  const m = FILE_URL.exec(url.trim());
  return m && Number(m[1]) === tenantId ? m[2]?.toLowerCase() : undefined;
};

/** Every URL must name a picture stored by this tenant: never an outside address, never another tenant's. */
export const requireOwnFiles = async (
  ctx: TenantCtx,
  urls: readonly string[],
  field: string,
): Promise<void> => {
  if (urls.length === 0) return;
  const ids = urls.map((u) => ownFileId(u, ctx.tenantId));
  if (ids.some((id) => id === undefined)) throw TourErrors.fileNotOwn({ field });
  const own = await ownImageIds(ctx.db, ctx.tenantId, ids as string[]);
  if (ids.some((id) => !own.has(id as string))) throw TourErrors.fileNotOwn({ field });
};

/**
 * What only the server knows: a switch target is another scene of the same tour; a device exists in this
 * tenant with that type; album pictures and icon pictures are this tenant's stored files.
 */
export const checkHotspotRefs = async (
  ctx: TenantCtx,
  hotspots: readonly Hotspot[],
  sceneId: number,
  siblingIds: ReadonlySet<number>,
): Promise<void> => {
  for (const h of hotspots) {
    // The icon is one of the editor's icon names, or a picture of the tenant's (never an outside address).
    if (isIconFile(h.url)) await requireOwnFiles(ctx, [h.url], 'url');
    else if (!(HOTSPOT_ICON_NAMES as readonly string[]).includes(h.url)) throw TourErrors.iconUnknown();
    if (h.HType === 1) {
      const target = h.content.scenesId;
      if (!target || target === sceneId || !siblingIds.has(target)) throw TourErrors.sceneTargetInvalid();
    } else if (h.HType === 2) {
      const d = h.content.device;
      if (!d || !(await hotspotDeviceState(ctx.db, ctx.tenantId, d))) throw TourErrors.deviceNotFound();
    } else if (h.HType === 3) {
      await requireOwnFiles(ctx, h.content.images ?? [], 'images');
    }
  }
};

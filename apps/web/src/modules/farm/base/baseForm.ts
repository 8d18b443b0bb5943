import type { Page } from '@tilth/contracts';
import type { Area, AreaCreateBody, AreaUpdateBody } from '@tilth/contracts/area.types';

// Form values of the base editor and their mapping to the API bodies (spec 01 §3, §5).

export const BASE_USAGES = ['plant', 'nurture'] as const;
export type BaseUsage = (typeof BASE_USAGES)[number];

export interface BaseFormValues {
  areaName: string;
  areaNum?: string;
  areaUsage: BaseUsage;
  defaultFlag: boolean;
  parentId?: number | null;
  /** Centre point, both or neither. */
  lat?: number | null;
  lng?: number | null;
}

const isUsage = (v: string): v is BaseUsage => (BASE_USAGES as readonly string[]).includes(v);

/** 'lat,lng' → numbers; null when missing or malformed. */
export const parseCenter = (center: string | null | undefined): { lat: number; lng: number } | null => {
  const parts = (center ?? '').split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => p === '')) return null;
  const [lat, lng] = parts.map(Number);
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
};

const hasValue = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** The centre as the server stores it ('lat,lng'), null when cleared; at most 8 decimals. */
export const formatCenter = (
  lat: number | null | undefined,
  lng: number | null | undefined,
): string | null =>
  hasValue(lat) && hasValue(lng) ? `${Number(lat.toFixed(8))},${Number(lng.toFixed(8))}` : null;

/** Both coordinates or neither. */
export const centerComplete = (lat: number | null | undefined, lng: number | null | undefined): boolean =>
  hasValue(lat) === hasValue(lng);

export const toFormValues = (area?: Area | null): BaseFormValues => {
  if (!area) return { areaName: '', areaNum: '', areaUsage: 'plant', defaultFlag: false, parentId: null };
  const center = parseCenter(area.areaCenter);
  return {
    areaName: area.areaName,
    areaNum: area.areaNum ?? '',
    areaUsage: isUsage(area.areaUsage) ? area.areaUsage : 'plant',
    defaultFlag: area.defaultFlag === 1,
    parentId: area.parentId,
    lat: center?.lat ?? null,
    lng: center?.lng ?? null,
  };
};

const common = (v: BaseFormValues) => ({
  areaName: v.areaName.trim(),
  areaNum: v.areaNum?.trim() ? v.areaNum.trim() : null,
  organizationType: 'area' as const,
  areaUsage: v.areaUsage,
  defaultFlag: v.defaultFlag ? (1 as const) : (0 as const),
  parentId: v.parentId ?? null,
  areaCenter: formatCenter(v.lat, v.lng),
});

export const toCreateBody = (v: BaseFormValues): AreaCreateBody => common(v);

export const toUpdateBody = (
  area: Pick<Area, 'areaId' | 'objectVersionNumber'>,
  v: BaseFormValues,
): AreaUpdateBody => ({
  areaId: area.areaId,
  objectVersionNumber: area.objectVersionNumber,
  ...common(v),
});

/** Bases that may be the parent of `selfId`: not itself, nor one of its descendants (the server refuses). */
export const parentCandidates = (areas: readonly Area[], selfId?: number): Area[] => {
  if (selfId === undefined) return [...areas];
  const excluded = new Set<number>([selfId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const a of areas) {
      if (a.parentId !== null && excluded.has(a.parentId) && !excluded.has(a.areaId)) {
        excluded.add(a.areaId);
        grew = true;
      }
    }
  }
  return areas.filter((a) => !excluded.has(a.areaId));
};

/** One page of the bases of a usage, paged here (the list call filters by name only). */
export const filterByUsage = (
  areas: readonly Area[],
  usage: string,
  page: number,
  size: number,
): Page<Area> => {
  const matching = areas.filter((a) => a.areaUsage === usage);
  const content = size > 0 ? matching.slice(page * size, page * size + size) : matching;
  return {
    content,
    totalElements: matching.length,
    totalPages: size > 0 ? Math.ceil(matching.length / size) : matching.length > 0 ? 1 : 0,
    number: page,
    size,
  };
};

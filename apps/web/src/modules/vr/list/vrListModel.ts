import { VR_BASE_TAGS_SHOWN } from '@tilth/contracts/vr.types';

/** The bases a row shows as tags (at most 10) and how many more hide behind '+n' (spec 03 §5). */
export const baseTags = <T>(
  areas: readonly T[],
  shown = VR_BASE_TAGS_SHOWN,
): { tags: T[]; more: number } => ({
  tags: areas.slice(0, shown),
  more: Math.max(0, areas.length - shown),
});

/** The public link a visitor opens: the console's origin and the published path. */
export const publicUrl = (origin: string, publicPath: string | null): string | null =>
  publicPath ? `${origin}${publicPath}` : null;

export const editPath = (vrId: number) => `/edit-vr/${vrId}`;
export const previewPath = (vrId: number) => `/preview-vr/${vrId}`;

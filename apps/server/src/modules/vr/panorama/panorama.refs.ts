import type { Readable } from 'node:stream';
import type { PanoramaStatus, PanoramaTiles } from '@tilth/contracts/panorama.types';
import type { Db } from '../../../platform/db/client.js';
import type { Platform } from '../../../platform/platform.js';
import { assetPrefix, tileKey } from './panorama.assets.js';
import { findPanoramas, type PanoramaRow } from './panorama.repository.js';

// What other domains (the tours) read of the library: rows by id with their image URLs, and the images.

/** What a tour needs of a panorama it shows. */
export interface PanoramaRef {
  panoramaId: number;
  panoramaName: string;
  status: PanoramaStatus;
  enabledFlag: number;
  assetKey: string;
  tiles: PanoramaTiles | null;
  width: number;
  height: number;
  panoramaImages: string;
  panoramaPreview: string;
  panoramaThumb: string;
}

/** One made image: the preview, the thumbnail or a tile of the pyramid. */
export type PanoramaAsset = 'preview' | 'thumb' | { level: number; col: number; row: number };

/** The tenant's prefix of the image URLs. */
export const tenantPanoramaPrefix = (tenantId: number): string => `/wfpf/v1/${tenantId}/panorama`;

/** URLs of the made images under `prefix` (the tenant's `/wfpf/v1/{t}/panorama`, or a public one). */
export const panoramaUrls = (
  prefix: string,
  p: { id: number; assetKey: string },
): { panoramaImages: string; panoramaPreview: string; panoramaThumb: string } => {
  const base = `${prefix}/${p.id}/${p.assetKey}`;
  return {
    panoramaImages: `${base}/tiles`,
    panoramaPreview: `${base}/preview.jpg`,
    panoramaThumb: `${base}/thumb.jpg`,
  };
};

export const toRef = (r: PanoramaRow): PanoramaRef => ({
  panoramaId: r.id,
  panoramaName: r.name,
  status: r.status as PanoramaStatus,
  enabledFlag: r.enabledFlag,
  assetKey: r.assetKey,
  tiles: r.tiles ?? null,
  width: r.width,
  height: r.height,
  ...panoramaUrls(tenantPanoramaPrefix(r.tenantId), r),
});

/** The tenant's panoramas of these ids (unknown ids are left out), with the tenant URLs. */
export const panoramaRefs = async (db: Db, tenantId: number, ids: number[]): Promise<PanoramaRef[]> =>
  (await findPanoramas(db, tenantId, [...new Set(ids)])).map(toRef);

/** The storage key of one made image, when the row is ready and the asset lies inside its pyramid. */
export const assetStorageKey = (
  r: PanoramaRow,
  assetKey: string,
  asset: PanoramaAsset,
): string | undefined => {
  if (r.status !== 'ready' || r.assetKey !== assetKey || !r.tiles) return undefined;
  const prefix = assetPrefix(r.tenantId, r.assetKey);
  if (asset === 'preview') return `${prefix}/preview.jpg`;
  if (asset === 'thumb') return `${prefix}/thumb.jpg`;
  const l = r.tiles.levels[asset.level];
  if (!l || asset.col < 0 || asset.row < 0 || asset.col >= l.cols || asset.row >= l.rows) return undefined;
  return tileKey(prefix, asset.level, asset.col, asset.row);
};

/** The bytes of one made image of a panorama, or undefined when the panorama, key or image is unknown. */
export const openPanoramaAsset = async (
  platform: Platform,
  tenantId: number,
  panoramaId: number,
  assetKey: string,
  asset: PanoramaAsset,
): Promise<{ body: Readable; size?: number } | undefined> => {
  const [row] = await platform.database.withTenant(tenantId, (tx) =>
    findPanoramas(tx, tenantId, [panoramaId]),
  );
  const key = row && assetStorageKey(row, assetKey, asset);
  if (!key) return undefined;
  const body = await platform.storage.get(key);
  return body ? { body } : undefined;
};

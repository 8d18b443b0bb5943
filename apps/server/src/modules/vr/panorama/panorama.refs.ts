import type { Readable } from 'node:stream';
import type { PanoramaStatus, PanoramaTiles } from '@tilth/contracts/panorama.types';
import type { Db } from '../../../platform/db/client.js';
import type { Platform } from '../../../platform/platform.js';

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

/** The tenant's panoramas of these ids (unknown ids are left out), with the tenant URLs. */
export const panoramaRefs = async (_db: Db, _tenantId: number, _ids: number[]): Promise<PanoramaRef[]> => {
  return [];
};

/** The bytes of one made image of a panorama, or undefined when the panorama, key or image is unknown. */
export const openPanoramaAsset = async (
  _platform: Platform,
  _tenantId: number,
  _panoramaId: number,
  _assetKey: string,
  _asset: PanoramaAsset,
): Promise<{ body: Readable; size?: number } | undefined> => {
  return undefined;
};

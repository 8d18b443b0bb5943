import { randomBytes } from 'node:crypto';
import { VISUAL_DEFAULT } from '@tilth/contracts/vr.types';
import { panoramas } from '../../modules/vr/panorama/index.js';
import { vrScenes, vrTours } from '../../modules/vr/tour/index.js';
import type { Database } from '../../platform/db/client.js';

/** Ids of one published tour of `tenantId` (a processed panorama, the tour, a scene), for the replay suites. */
export interface VrRows {
  panoramaId: number;
  assetKey: string;
  vrId: number;
  scenesId: number;
  token: string;
}

/**
 * Writes a processed panorama and a published tour with one scene straight into the tables (the library's
 * tiling is not what these suites test), named `name` so a leak of them is easy to spot.
 */
export const insertVrRows = (database: Database, tenantId: number, name: string): Promise<VrRows> =>
  database.withTenant(tenantId, async (tx) => {
    const [p] = await tx
      .insert(panoramas)
      .values({
        tenantId,
        name: `${name} panorama`,
        status: 'ready',
        progress: 100,
        width: 2048,
        height: 1024,
        fileSize: 8 * 1024 * 1024,
        contentType: 'image/jpeg',
        storageKey: `replay/${name}`,
        tiles: {
          tileSize: 512,
          width: 2048,
          height: 1024,
          levels: [{ width: 2048, height: 1024, cols: 4, rows: 2 }],
        },
      })
      .returning();
    const token = randomBytes(24).toString('base64url');
    const [t] = await tx
      .insert(vrTours)
      .values({ tenantId, name: `${name} tour`, publicToken: token })
      .returning();
    if (!p || !t) throw new Error('vr rows not written');
    const [sc] = await tx
      .insert(vrScenes)
      .values({ tenantId, vrId: t.id, panoramaId: p.id, name: `${name} scene`, visual: VISUAL_DEFAULT })
      .returning();
    if (!sc) throw new Error('vr scene not written');
    return { panoramaId: p.id, assetKey: p.assetKey, vrId: t.id, scenesId: sc.id, token };
  });

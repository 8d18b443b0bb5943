import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { lands, type Ring } from './land.tables.js';

/** Where a plot lies: its name, center ('lat,lng') and boundary rings of [lng, lat] (maps of other modules). */
export interface PlotShape {
  id: number;
  areaId: number;
  landName: string;
  landCenter: string | null;
  boundary: Ring[] | null;
}

export const plotShape = async (db: Db, tenantId: number, id: number): Promise<PlotShape | undefined> => {
  const [r] = await db
    .select({
      id: lands.id,
      areaId: lands.areaId,
      landName: lands.landName,
      landCenter: lands.landCenter,
      boundary: lands.boundary,
    })
    .from(lands)
    .where(and(eq(lands.tenantId, tenantId), eq(lands.id, id)));
  return r;
};

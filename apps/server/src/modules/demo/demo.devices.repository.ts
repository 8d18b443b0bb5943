import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { areas } from '../farm/area/index.js';
import { lands } from '../farm/land/index.js';

// Places to put the demo device fleet (demo.devices.ts) in: a read across farm tables. The device,
// channel, setting, SIM and rollup rows are written by their iot owners (see demo.devices.ts imports).

export interface DemoPlace {
  areaId: number;
  areaName: string;
  landId: number | null;
  landName: string | null;
  /** 'lat,lng' */
  center: string | null;
}

/** Every base of the tenant, and every plot with its base. */
export const listDemoPlaces = async (db: Db, tenantId: number): Promise<DemoPlace[]> => {
  const bases = await db
    .select({ id: areas.id, name: areas.areaName, center: areas.areaCenter })
    .from(areas)
    .where(eq(areas.tenantId, tenantId));
  const plots = await db
    .select({ id: lands.id, areaId: lands.areaId, name: lands.landName, center: lands.landCenter })
    .from(lands)
    .where(eq(lands.tenantId, tenantId));
  return [
    ...bases.map((b) => ({ areaId: b.id, areaName: b.name, landId: null, landName: null, center: b.center })),
    ...plots.flatMap((p) => {
      const base = bases.find((b) => b.id === p.areaId);
      return base
        ? [
            {
              areaId: base.id,
              areaName: base.name,
              landId: p.id,
              landName: p.name,
              center: p.center ?? base.center,
            },
          ]
        : [];
    }),
  ];
};

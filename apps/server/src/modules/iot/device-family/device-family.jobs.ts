import type { Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { listenForLiveAcks } from './robotic-arm.live.js';

/** Final acks of status round trips (robotic arm, inverter refresh) reach the request waiting for them. */
export const deviceFamilyJobs = (platform: Platform): Job[] => [
  {
    name: 'device-family-live-acks',
    start: () => {
      listenForLiveAcks(platform);
      return undefined;
    },
  },
];

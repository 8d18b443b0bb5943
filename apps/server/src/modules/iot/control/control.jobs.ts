import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { startControlRuntime } from './control.runtime.js';

/** Command acks from ingest, command timeouts and automatic offs (control.runtime.ts). */
export const controlJobs = (platform: Platform, log: FastifyBaseLogger): Job[] => [
  { name: 'control-runtime', start: () => startControlRuntime(platform, log) },
];

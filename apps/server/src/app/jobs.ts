import type { FastifyBaseLogger } from 'fastify';
import { articleJobs } from '../modules/content/article/article.jobs.js';
import { mediaJobs } from '../modules/content/media/index.js';
import { aeratorJobs } from '../modules/iot/aerator/aerator.jobs.js';
import { alarmJobs } from '../modules/iot/alarm/alarm.jobs.js';
import { automationJobs } from '../modules/iot/automation/automation.jobs.js';
import { cameraJobs } from '../modules/iot/camera/camera.jobs.js';
import { controlJobs } from '../modules/iot/control/control.jobs.js';
import { deviceFamilyJobs } from '../modules/iot/device-family/device-family.jobs.js';
import { type TelemetryJobOptions, telemetryJobs } from '../modules/iot/telemetry/telemetry.jobs.js';
import { pushJobs } from '../modules/messaging/push/push.jobs.js';
import { chainJobs } from '../modules/trace/chain/chain.jobs.js';
import { traceCodeJobs } from '../modules/trace/code/code.jobs.js';
import { panoramaJobs } from '../modules/vr/panorama/panorama.jobs.js';
import { workflowJobs } from '../modules/workflow/approval/workflow.jobs.js';
import type { Job } from '../platform/jobs.js';
import type { Platform } from '../platform/platform.js';

/**
 * Every background job of the server — timers, sweeps, ingest hooks — in start order (hooks run in the
 * order registered: alarms see readings before the aerator's pump flags, control sees acks before live
 * round trips). Started by createServer before the broker takes the first message; stopped in reverse
 * order at shutdown. The demo simulator is started by main.ts once HTTP listens (demo.jobs.ts).
 */
export const serverJobs = (platform: Platform, log: FastifyBaseLogger, opts: TelemetryJobOptions): Job[] => [
  ...alarmJobs(platform, log),
  ...automationJobs(platform, log),
  ...controlJobs(platform, log),
  ...aeratorJobs(platform),
  ...deviceFamilyJobs(platform),
  ...cameraJobs(platform, log),
  ...telemetryJobs(platform, log, opts),
  ...pushJobs(platform, log),
  ...workflowJobs(platform, log),
  ...panoramaJobs(platform, () => log),
  ...mediaJobs(platform, () => log),
  ...chainJobs(platform, () => log),
  ...traceCodeJobs(platform, () => log),
  ...articleJobs(platform, () => log),
];

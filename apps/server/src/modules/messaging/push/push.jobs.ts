import type { FastifyBaseLogger } from 'fastify';
import { everyJob, type Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { PushWorker } from './push.worker.js';

const workers = new WeakMap<Platform, PushWorker>();

/** The delivery worker of a server, made by the first to ask (tests drive its tick with a clock). */
export const pushWorkerFor = (platform: Platform, log: FastifyBaseLogger): PushWorker => {
  let w = workers.get(platform);
  if (!w) {
    w = new PushWorker(platform, log);
    workers.set(platform, w);
  }
  return w;
};

/** Delivery rounds every TILTH_PUSH_TICK_MS; each drains what is due before the next. */
export const pushJobs = (platform: Platform, log: FastifyBaseLogger): Job[] => {
  const worker = pushWorkerFor(platform, log);
  return [
    everyJob(
      'push-delivery',
      platform.config.pushTickMs,
      () => worker.drain(),
      () => log,
    ),
  ];
};

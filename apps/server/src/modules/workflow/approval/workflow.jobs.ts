import type { FastifyBaseLogger } from 'fastify';
import { everyJob, type Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { ApprovalTimeouts } from './timeout.worker.js';

const sweepers = new WeakMap<Platform, ApprovalTimeouts>();

/** The time-out sweeper of a server, made by the first to ask (tests drive its tick with a fake clock). */
export const approvalTimeoutsFor = (platform: Platform, log: FastifyBaseLogger): ApprovalTimeouts => {
  let s = sweepers.get(platform);
  if (!s) {
    s = new ApprovalTimeouts(platform, log);
    sweepers.set(platform, s);
  }
  return s;
};

/** Approval time-outs every TILTH_APPROVAL_TICK_MS (0: off). */
export const workflowJobs = (platform: Platform, log: FastifyBaseLogger): Job[] => {
  const sweeper = approvalTimeoutsFor(platform, log);
  return [
    everyJob(
      'approval-timeouts',
      platform.config.approvalTickMs,
      () => sweeper.tick(),
      () => log,
    ),
  ];
};

import type { FastifyBaseLogger } from 'fastify';
import { everyJob, type Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { publishDue } from './notice.repository.js';

// Scheduled announcements (issue 19 item 1). Readers see a scheduled one from its time on whether or not
// this job has run (the read queries compare the time); the job turns its status to PUBLISHED so the
// managers' list and filters agree. Its state lives only in the rows, so a restart loses nothing, and
// the single conditional UPDATE per tenant means two ticks or two processes never publish one twice.

/** How often due announcements are marked published. */
export const NOTICE_SCHEDULE_TICK_MS = 10_000;

export class NoticeScheduler {
  constructor(private readonly platform: Platform) {}

  /** One sweep at `now` (tests pass their own clock); answers how many were published. */
  async tick(now = new Date()): Promise<number> {
    const db = this.platform.database;
    const tenantIds = new Set([0, ...(await listTenantIds(db.db))]);
    let done = 0;
    for (const t of tenantIds) done += (await db.withTenant(t, (tx) => publishDue(tx, t, now))).length;
    return done;
  }
}

export const noticeJobs = (platform: Platform, log: FastifyBaseLogger): Job[] => {
  const scheduler = new NoticeScheduler(platform);
  return [
    everyJob(
      'notice-schedule',
      NOTICE_SCHEDULE_TICK_MS,
      () => scheduler.tick(),
      () => log,
    ),
  ];
};

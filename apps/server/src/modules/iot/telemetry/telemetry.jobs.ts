import { everyJob, type Job, type JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';

export interface TelemetryJobOptions {
  /** Interval of the silence sweep (default 30 s); 0 turns it off (tests call sweepSilence). */
  sweepEveryMs?: number | undefined;
  /** Interval of writing the ingest counters (default 5 s); 0 turns it off. */
  statsEveryMs?: number | undefined;
  /** Interval of the daily rollup (default 1 min); 0 turns it off. */
  rollupEveryMs?: number | undefined;
}

/** The silence sweep, the ingest counters' write-out and the daily rollup (storage: telemetry.ingest.ts). */
export const telemetryJobs = (platform: Platform, log: JobLog, opts: TelemetryJobOptions = {}): Job[] => [
  everyJob(
    'silence-sweep',
    opts.sweepEveryMs ?? 30_000,
    () => platform.iot.sweepSilence(),
    () => log,
  ),
  everyJob(
    'ingest-counters',
    opts.statsEveryMs ?? 5_000,
    () => platform.iot.flushCounters(),
    () => log,
  ),
  everyJob(
    'daily-rollup',
    opts.rollupEveryMs ?? 60_000,
    () => platform.iot.refreshDailyRollups(),
    () => log,
  ),
];

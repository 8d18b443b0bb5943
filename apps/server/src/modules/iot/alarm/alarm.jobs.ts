import type { FastifyBaseLogger } from 'fastify';
import { everyJob, type Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { AlarmEvaluator } from './alarm.engine.js';
import { enabledTenantIds } from './alarm.repository.js';

/** How often offline rules that must last N minutes are checked. */
const SWEEP_MS = 60_000;

const evaluators = new WeakMap<Platform, AlarmEvaluator>();

/** The alarm evaluator of a server, made by the first to ask (routes invalidate it; jobs feed it). */
export const alarmEvaluatorFor = (platform: Platform, log: FastifyBaseLogger): AlarmEvaluator => {
  let evaluator = evaluators.get(platform);
  if (!evaluator) {
    evaluator = new AlarmEvaluator(platform, log);
    evaluators.set(platform, evaluator);
  }
  return evaluator;
};

/** The alarm evaluator of a running server (tests sweep it with an injected clock). */
export const alarmEvaluatorOf = (platform: Platform): AlarmEvaluator | undefined => evaluators.get(platform);

/** Evaluation after ingest committed (hooks) and the periodic sweep of lasting offline rules. */
export const alarmJobs = (platform: Platform, log: FastifyBaseLogger): Job[] => {
  const evaluator = alarmEvaluatorFor(platform, log);
  return [
    {
      name: 'alarm-hooks',
      start: () => {
        // A failing evaluation is logged by the evaluator.
        platform.iot.hooks.onReadings((readings) => evaluator.onReadings(readings));
        platform.iot.hooks.onStatus((changes) => evaluator.onStatus(changes));
        return undefined;
      },
    },
    everyJob(
      'alarm-offline-sweep',
      SWEEP_MS,
      () =>
        enabledTenantIds(platform.database)
          .then((ids) => evaluator.sweep(ids, new Date()))
          .catch((err: unknown) => log.error({ err }, 'offline alarm sweep failed')),
      () => log,
    ),
  ];
};

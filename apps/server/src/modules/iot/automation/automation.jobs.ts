import type { FastifyBaseLogger } from 'fastify';
import { everyJob, type Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { StrategyEngine } from './strategy.engine.js';

/** How often the engine visits the strategies; schedules are HH:mm, so twice a minute is plenty. */
const TICK_MS = 30_000;

const engines = new WeakMap<Platform, StrategyEngine>();

/** The strategy engine of a server, made by the first to ask (routes run strategies by hand; the tick). */
export const strategyEngineFor = (platform: Platform, log: FastifyBaseLogger): StrategyEngine => {
  let engine = engines.get(platform);
  if (!engine) {
    engine = new StrategyEngine(platform, log);
    engines.set(platform, engine);
  }
  return engine;
};

/** The strategy engine of a running server (tests call runOnce with their own clock). */
export const strategyEngineOf = (platform: Platform): StrategyEngine | undefined => engines.get(platform);

/** The strategy tick; TILTH_STRATEGY_TICK=0 turns it off (tests drive the engine with runOnce). */
export const automationJobs = (platform: Platform, log: FastifyBaseLogger): Job[] => {
  if (!platform.config.strategyTick) return [];
  const engine = strategyEngineFor(platform, log);
  return [
    everyJob(
      'strategy-tick',
      TICK_MS,
      () => engine.runOnce(new Date()),
      () => log,
    ),
  ];
};

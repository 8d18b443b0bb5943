import type { Job, JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { queueRunnerJobs, runnerPerKey, TenantQueueRunner } from '../../../platform/queue-runner.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { publishDue } from './article.repository.js';

// Scheduled articles go live here. The state is the row (status 'scheduled', publish_at), so a restart
// loses nothing: the sweep at start and every TICK_MS publishes whatever is due. Publishing is one
// conditional update per tenant (status still 'scheduled', time come), so two processes never publish one
// twice and a withdrawn article is never published. Between sweeps, a timer set when an article is
// scheduled wakes the runner at its time, so it goes live within a second or so of it.

const TICK_MS = Number(process.env.TILTH_ARTICLE_PUBLISH_TICK ?? 60_000);
/** setTimeout's longest delay; a later time is reached by the sweeps. */
const MAX_DELAY_MS = 2_147_000_000;

interface Published {
  tenantId: number;
  ids: number[];
}

const live = new Set<ArticlePublisher>();

export class ArticlePublisher extends TenantQueueRunner<Published> {
  private readonly timers = new Map<number, { at: number; timer: NodeJS.Timeout }>();

  constructor(
    private readonly platform: Platform,
    log: () => JobLog,
  ) {
    super('article publishing', () => listTenantIds(platform.database.db), log);
    live.add(this);
  }

  protected async claim(tenantId: number): Promise<Published | undefined> {
    const ids = await this.platform.database.withTenant(tenantId, (tx) =>
      publishDue(tx, tenantId, new Date()),
    );
    return ids.length > 0 ? { tenantId, ids } : undefined;
  }

  protected async run(_job: Published): Promise<void> {
    // The claim published them; nothing more to do (the news reads the rows).
  }

  /** Looks at the tenant again at `at` (the earliest pending wake-up per tenant is kept). */
  wakeAt(tenantId: number, at: Date): void {
    if (this.stopped) return;
    const when = at.getTime();
    const current = this.timers.get(tenantId);
    if (current && current.at <= when && current.at > Date.now()) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(
      () => {
        this.timers.delete(tenantId);
        void this.kick(tenantId);
      },
      Math.min(Math.max(when - Date.now(), 0) + 50, MAX_DELAY_MS),
    );
    timer.unref();
    this.timers.set(tenantId, { at: when, timer });
  }

  protected override interrupt(): void {
    for (const t of this.timers.values()) clearTimeout(t.timer);
    this.timers.clear();
    live.delete(this);
  }
}

export const articlePublisherOf = runnerPerKey(
  (platform: Platform, log) => new ArticlePublisher(platform, log),
);

/** Wakes this process's publishers for the tenant at `at` (a schedule set, or approved ahead of its time). */
export const wakePublisherAt = (tenantId: number, at: Date): void => {
  for (const p of live) p.wakeAt(tenantId, at);
};

/** The publishing sweep; TILTH_ARTICLE_PUBLISH_TICK ms apart (0: only the timers and tests drive it). */
export const articleJobs = (platform: Platform, log: () => JobLog): Job[] =>
  queueRunnerJobs('content-article-publish', TICK_MS, () => articlePublisherOf(platform, log), log);

import { everyJob, type Job, type JobLog } from './jobs.js';

// Background work queued in tenant tables (time-lapses, panorama tiling): rows are claimed in the
// database, so two processes never take the same one, and worked through one at a time per process. A
// route kicks the runner for its tenant after commit; a periodic sweep looks at every tenant, which also
// picks up rows a dead process left behind once the subclass's claim deems them stale.

export abstract class TenantQueueRunner<J> {
  private readonly tenants = new Set<number>();
  private sweep = false;
  private busy: Promise<void> | undefined;
  protected stopped = false;

  constructor(
    private readonly label: string,
    private readonly allTenants: () => Promise<number[]>,
    protected readonly log: () => JobLog,
  ) {}

  /** The next job of `tenantId` claimed for this process; undefined when it has none, null on a lost race. */
  protected abstract claim(tenantId: number): Promise<J | null | undefined>;

  /** Does the job; failures are the subclass's to record (an error thrown here is only logged). */
  protected abstract run(job: J): Promise<void>;

  /** Called once by stop(), before waiting for the job under way (kill a child process, say). */
  protected interrupt(): void {}

  /** Looks at the tenant's waiting jobs soon (every tenant's when none is named); answers when idle again. */
  kick(tenantId?: number): Promise<void> {
    if (tenantId === undefined) this.sweep = true;
    else this.tenants.add(tenantId);
    if (!this.busy && !this.stopped) {
      this.busy = this.drain()
        .catch((err: unknown) => this.log().error({ err }, `${this.label} runner failed`))
        .finally(() => {
          this.busy = undefined;
        });
    }
    return this.busy ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.interrupt();
    await this.busy;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      if (this.sweep) {
        this.sweep = false;
        for (const t of await this.allTenants()) this.tenants.add(t);
      }
      const [tenantId] = this.tenants;
      if (tenantId === undefined) return;
      const job = await this.claim(tenantId);
      if (job === undefined) this.tenants.delete(tenantId);
      else if (job !== null) await this.run(job);
    }
  }
}

/** One runner per key (the platform): the routes kick it, the job sweeps and stops it. */
export const runnerPerKey = <K extends object, R>(make: (key: K, log: () => JobLog) => R) => {
  const runners = new WeakMap<K, R>();
  return (key: K, log?: () => JobLog): R => {
    let r = runners.get(key);
    if (!r) {
      r = make(key, log ?? (() => console));
      runners.set(key, r);
    }
    return r;
  };
};

/** The background job of a runner: a sweep every `tickMs`, one at start, and the runner stopped at shutdown. */
export const queueRunnerJobs = (
  name: string,
  tickMs: number,
  runner: () => Pick<TenantQueueRunner<unknown>, 'kick' | 'stop'>,
  log: () => JobLog,
): Job[] => {
  const sweep = everyJob(name, tickMs, () => runner().kick(), log);
  return [
    {
      name: sweep.name,
      start: async () => {
        const stop = await sweep.start();
        void runner().kick();
        return async () => {
          await stop?.();
          await runner().stop();
        };
      },
    },
  ];
};

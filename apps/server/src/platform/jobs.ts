// Background work of the server — timers, sweeps, ingest hooks — declared by each domain in its
// `<domain>.jobs.ts`, started from one place (app/jobs.ts) and stopped on graceful shutdown.

/** Stops a started job; resolves when work in progress has finished. */
export type StopJob = () => Promise<void> | void;

export interface Job {
  name: string;
  /**
   * Starts the job; answers how to stop it. Ingest hooks need no stop: they stay registered until the IoT
   * runtime has closed and drained ingest, so messages acknowledged before the shutdown are still handled.
   */
  start(): StopJob | undefined | Promise<StopJob | undefined>;
}

export interface JobLog {
  error(obj: unknown, msg?: string): void;
}

/**
 * A job that runs `fn` every `ms` (0 or less: never; tests drive such work themselves). A run still going
 * when the next is due is not stacked on; stopping waits for it. Failures are logged, never thrown.
 */
export const everyJob = (name: string, ms: number, fn: () => Promise<unknown>, log: () => JobLog): Job => ({
  name,
  start: () => {
    if (ms <= 0) return undefined;
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      running = fn()
        .then(
          () => undefined,
          (err: unknown) => log().error({ err, job: name }, 'background job failed'),
        )
        .finally(() => {
          running = undefined;
        });
    }, ms);
    // A timer alone never keeps the process alive.
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  },
});

/** The jobs of one server process, in start order; stopped in reverse order. */
export class JobRegistry {
  private readonly running: { name: string; stop: StopJob | undefined }[] = [];

  /** Starts the jobs, in order. */
  async start(jobs: readonly Job[]): Promise<void> {
    for (const job of jobs) this.running.push({ name: job.name, stop: await job.start() });
  }

  /** Names of the jobs started and not stopped yet (logs, tests). */
  names(): string[] {
    return this.running.map((j) => j.name);
  }

  /** Stops every started job, the last started first; a failing stop does not keep the others running. */
  async stop(log?: JobLog): Promise<void> {
    for (let j = this.running.pop(); j; j = this.running.pop()) {
      try {
        await j.stop?.();
      } catch (err) {
        log?.error({ err, job: j.name }, 'job did not stop cleanly');
      }
    }
  }
}

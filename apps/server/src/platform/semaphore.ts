/** At most `slots` tasks run at once; the rest wait their turn in arrival order. */
export class Semaphore {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  /** The most tasks ever running at once (tests and diagnostics). */
  peak = 0;

  constructor(readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error(`semaphore slots must be ≥ 1, got ${slots}`);
  }

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((go) => this.queue.push(go));
    // A finishing task hands its slot straight to the next one, so `running` never exceeds `slots`.
    else this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}

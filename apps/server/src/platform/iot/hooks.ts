import type { CommandAck, IotHooks, StatusChange, StoredReading } from './iot.js';

export interface HookLog {
  error(obj: unknown, msg?: string): void;
}

/**
 * Hook registry. Ingest hands over what it committed and goes on; the hooks run one batch after the
 * other in arrival order (an alarm's "lasts N minutes" needs readings in order), and a failing hook is
 * logged, never retried, never blocks the device's PUBACK.
 */
export class HookRegistry implements IotHooks {
  private readonly readings: ((r: readonly StoredReading[]) => Promise<void>)[] = [];
  private readonly status: ((c: readonly StatusChange[]) => Promise<void>)[] = [];
  private readonly acks: ((a: CommandAck) => Promise<void>)[] = [];
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly log: HookLog) {}

  onReadings(fn: (readings: readonly StoredReading[]) => Promise<void>): void {
    this.readings.push(fn);
  }
  onStatus(fn: (changes: readonly StatusChange[]) => Promise<void>): void {
    this.status.push(fn);
  }
  onAck(fn: (ack: CommandAck) => Promise<void>): void {
    this.acks.push(fn);
  }

  fireReadings(readings: readonly StoredReading[]): void {
    if (readings.length > 0) this.enqueue('onReadings', this.readings, readings);
  }
  fireStatus(changes: readonly StatusChange[]): void {
    if (changes.length > 0) this.enqueue('onStatus', this.status, changes);
  }
  fireAck(ack: CommandAck): void {
    this.enqueue('onAck', this.acks, ack);
  }

  /** Resolves when every hook queued so far has run (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.chain;
  }

  private enqueue<T>(name: string, fns: readonly ((arg: T) => Promise<void>)[], arg: T): void {
    if (fns.length === 0) return;
    this.pending++;
    this.chain = this.chain.then(async () => {
      for (const fn of fns) {
        try {
          await fn(arg);
        } catch (err) {
          this.log.error({ err, hook: name }, 'IoT hook failed');
        }
      }
      this.pending--;
    });
  }
}

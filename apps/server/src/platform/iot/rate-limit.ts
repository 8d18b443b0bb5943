// Fair-use limit per device (docs/device-protocol.md §10): a token bucket of `burst` messages refilled at
// `rate` per second. Over it, ingest acknowledges and drops the message (counted as rate-limited) and the
// connection stays up. One bucket per device in this process; with several server processes sharing an
// external broker each one applies it to the share it receives.

export interface RateLimit {
  /** Messages per second per device; 0 turns the limit off. */
  rate: number;
  /** Messages a device may send at once after being quiet. */
  burst: number;
}

const LOG_EVERY_MS = 60_000;
const PRUNE_ABOVE = 50_000;

interface Bucket {
  tokens: number;
  at: number;
  loggedAt: number;
}

export class DeviceRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.limit.rate > 0;
  }

  /**
   * Takes one message's token; answers whether the message may pass and, when it may not, whether this
   * is the first refusal for the device in a minute (to log it once).
   */
  take(key: string): { ok: true } | { ok: false; log: boolean } {
    if (!this.enabled) return { ok: true };
    const t = this.now();
    const burst = Math.max(1, this.limit.burst);
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= PRUNE_ABOVE) this.prune(t, burst);
      b = { tokens: burst, at: t, loggedAt: Number.NEGATIVE_INFINITY };
      this.buckets.set(key, b);
    } else {
      b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * this.limit.rate);
      b.at = t;
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    const log = t - b.loggedAt >= LOG_EVERY_MS;
    if (log) b.loggedAt = t;
    return { ok: false, log };
  }

  /** Drops buckets that refilled completely: a new one starts full, so nothing changes for them. */
  private prune(t: number, burst: number): void {
    const fullAfterMs = (burst / this.limit.rate) * 1000;
    for (const [k, b] of this.buckets) if (t - b.at >= fullAfterMs) this.buckets.delete(k);
  }
}

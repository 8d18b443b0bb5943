// The document writer of the chaos run: adds farm logs through the HTTP API (the load balancer), a few
// at a time. A write is retried with the same content on a connection error, 502, 503 or 504 (the
// balancer's or a server's answer while a part is down) and recorded only when it got a 2xx with an id:
// those are the writes that must end up stored. A retry after a lost answer may store a second copy
// (a duplicate, not a loss); the ledger holds the ids the client was given.

const RETRYABLE = new Set([502, 503, 504]);

export class Writer {
  /**
   * @param {{ urls: string[], token: string, tenantId: number, runId: string, concurrency?: number,
   *   pauseMs?: number, giveUpMs?: number, log?: (msg: string) => void }} opts
   */
  constructor(opts) {
    this.opts = opts;
    /** Every write that got a 2xx: its title and the id it was given. */
    /** @type {{ id: number, title: string, at: number }[]} */
    this.acked = [];
    this.attempts = 0;
    this.retries = 0;
    /** Writes abandoned after giveUpMs of retrying, or refused for good (4xx/5xx not retryable). */
    this.failed = 0;
    /** @type {{ status: number | string, at: number }[]} */
    this.failures = [];
    this.running = false;
    this.n = 0;
    this.next = 0;
    /** @type {Promise<void>[]} */
    this.loops = [];
  }

  start() {
    this.running = true;
    const c = this.opts.concurrency ?? 4;
    for (let i = 0; i < c; i++) this.loops.push(this.loop());
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }

  async loop() {
    while (this.running) {
      await this.writeOne(`chaos ${this.opts.runId} #${++this.n}`);
      if (this.opts.pauseMs) await sleep(this.opts.pauseMs);
    }
  }

  /** One write, retried until a 2xx or giveUpMs; answers the id or undefined. */
  async writeOne(title) {
    const { urls, token, tenantId } = this.opts;
    const giveUp = Date.now() + (this.opts.giveUpMs ?? 90_000);
    const body = JSON.stringify({ title, level: 'daily', description: 'written by npm run chaos' });
    for (let attempt = 0; ; attempt++) {
      // Several entry points (local runs without a balancer): spread, and move on after a failure.
      const url = urls[(this.next++ + attempt) % urls.length];
      this.attempts++;
      let status;
      try {
        const res = await fetch(`${url}/wfpf/v1/${tenantId}/log`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        if (res.ok) {
          const id = Number((await res.json()).logId);
          if (!Number.isSafeInteger(id)) throw new Error(`no id in the answer to ${title}`);
          this.acked.push({ id, title, at: Date.now() });
          return id;
        }
        await res.arrayBuffer();
        if (!RETRYABLE.has(res.status)) {
          this.failed++;
          this.failures.push({ status: res.status, at: Date.now() });
          return undefined;
        }
      } catch (err) {
        status = err instanceof Error ? (err.cause?.code ?? err.name) : 'error';
      }
      this.failures.push({ status, at: Date.now() });
      if (Date.now() > giveUp) {
        this.failed++;
        return undefined;
      }
      this.retries++;
      await sleep(Math.min(1000, 100 * 2 ** Math.min(attempt, 4)));
    }
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

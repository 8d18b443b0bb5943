import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../../platform/platform.js';
import { Semaphore } from '../../../platform/semaphore.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { takeHintedTenants } from './push.enqueue.js';
import { sendPush } from './push.http.js';
import { type ClaimedRow, claimWindows, type OutboxResult, recordResults } from './push-outbox.repository.js';

// The delivery worker (docs/api.md "Data push"). State lives only in push_outbox: a round claims, per
// tenant, a window of each due subscription's first pending events (short transaction, lease in
// next_attempt_at), POSTs them in order outside any transaction, and records the outcomes (another
// short transaction). A failure stops the subscription's window: later events wait behind it. A process
// that dies mid-round leaves leased rows that become due again when the lease ends (at-least-once; the
// event id lets a receiver drop a repeat).

/** Events of one subscription claimed per round. */
const WINDOW = 200;
/** No new POST of a window starts after this long, so a lease always outlives its window. */
const WINDOW_BUDGET_MS = 15_000;
const LEASE_MS = 60_000;
/** Subscriptions delivered at once, across tenants. */
const CONCURRENT_SUBSCRIPTIONS = 32;
const CONCURRENT_TENANTS = 4;
/** Every tenant is looked at this often (others' processes enqueue too); between, only active ones. */
const FULL_SCAN_MS = 30_000;
/** Backoff: 10 s doubling per failed attempt, capped at 1 h, with jitter (a random 50–100 %). */
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_CAP_MS = 3600_000;

export const backoffMs = (attempts: number, random = Math.random()): number =>
  Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1)) * (0.5 + random / 2);

/** The JSON a receiver gets (and signs over). */
export const pushEnvelope = (
  tenantId: number,
  r: Pick<ClaimedRow, 'subscriptionId' | 'seq' | 'eventId' | 'eventType' | 'createdAt' | 'body'>,
) =>
  JSON.stringify({
    id: r.eventId,
    type: r.eventType,
    subscriptionId: r.subscriptionId,
    seq: r.seq,
    tenantId,
    createdAt: r.createdAt.toISOString(),
    data: r.body,
  });

export class PushWorker {
  private readonly active = new Set<number>();
  private lastScan = Number.NEGATIVE_INFINITY;
  private readonly subscriptionSlots = new Semaphore(CONCURRENT_SUBSCRIPTIONS);
  private readonly tenantSlots = new Semaphore(CONCURRENT_TENANTS);

  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One round at `now` (tests pass a clock); answers the POSTs made. */
  async tick(now = new Date()): Promise<number> {
    for (const t of takeHintedTenants()) this.active.add(t);
    let tenants: number[];
    if (now.getTime() - this.lastScan >= FULL_SCAN_MS || now.getTime() < this.lastScan) {
      tenants = await listTenantIds(this.platform.database.db);
      this.lastScan = now.getTime();
    } else tenants = [...this.active];
    const counts = await Promise.all(tenants.map((t) => this.tenantSlots.run(() => this.visit(t, now))));
    return counts.reduce((a, b) => a + b, 0);
  }

  /** Rounds until nothing is due (or `budgetMs` passed): the job's run, so a backlog drains at full speed. */
  async drain(budgetMs = 5_000): Promise<number> {
    const end = performance.now() + budgetMs;
    let total = 0;
    for (;;) {
      const n = await this.tick(new Date());
      total += n;
      if (n === 0 || performance.now() > end) return total;
    }
  }

  private async visit(tenantId: number, now: Date): Promise<number> {
    const db = this.platform.database;
    const lease = new Date(now.getTime() + LEASE_MS);
    const { rows, anyPending } = await db.withTenant(tenantId, (tx) =>
      claimWindows(tx, tenantId, now, WINDOW, lease),
    );
    if (anyPending) this.active.add(tenantId);
    else this.active.delete(tenantId);
    if (rows.length === 0) return 0;
    const bySub = new Map<number, ClaimedRow[]>();
    for (const r of rows) {
      const list = bySub.get(r.subscriptionId);
      if (list) list.push(r);
      else bySub.set(r.subscriptionId, [r]);
    }
    const results = (
      await Promise.all(
        [...bySub.values()].map((w) => this.subscriptionSlots.run(() => this.deliver(tenantId, w, now))),
      )
    ).flat();
    try {
      await db.withTenant(tenantId, (tx) => recordResults(tx, tenantId, results, now));
    } catch (err) {
      // The leases run out and the window is tried again: delivered events may be sent twice, never lost.
      this.log.error({ err, tenantId }, 'data push results not recorded');
    }
    return results.filter((r) => r.tried === 1).length;
  }

  /** One subscription's window, in order; stops at the first failure that is not given up. */
  private async deliver(tenantId: number, window: ClaimedRow[], now: Date): Promise<OutboxResult[]> {
    const out: OutboxResult[] = [];
    const started = performance.now();
    const allowPrivate = () => this.platform.config.pushAllowPrivate;
    let blocked = false;
    for (const r of window) {
      if (blocked || performance.now() - started > WINDOW_BUDGET_MS) {
        out.push({
          ...this.key(r),
          state: 'pending',
          tried: 0,
          status: null,
          ms: null,
          error: null,
          nextAttemptAt: now,
        });
        blocked = true;
        continue;
      }
      const body = pushEnvelope(tenantId, r);
      const a = await sendPush(
        r.url,
        r.secret,
        { eventId: r.eventId, eventType: r.eventType, body },
        allowPrivate,
      );
      if (a.ok) {
        out.push({
          ...this.key(r),
          state: 'delivered',
          tried: 1,
          status: a.status,
          ms: a.ms,
          error: null,
          nextAttemptAt: now,
        });
        continue;
      }
      const attempts = r.attempts + 1;
      const giveUp = now >= r.giveUpAt;
      const next = new Date(Math.min(now.getTime() + backoffMs(attempts), r.giveUpAt.getTime()));
      out.push({
        ...this.key(r),
        state: giveUp ? 'failed' : 'pending',
        tried: 1,
        status: a.status,
        ms: a.ms,
        error: a.error,
        nextAttemptAt: giveUp ? now : next,
      });
      // A given-up event no longer holds the ones behind it.
      if (!giveUp) blocked = true;
    }
    return out;
  }

  private key(r: ClaimedRow): { subscriptionId: number; seq: number } {
    return { subscriptionId: r.subscriptionId, seq: r.seq };
  }
}

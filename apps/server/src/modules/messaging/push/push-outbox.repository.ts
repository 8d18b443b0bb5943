import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { pushOutbox } from './push.tables.js';

// The outbox: enqueue (one statement per change), the worker's claim and results, the delivery log.

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export interface OutboxEvent {
  subscriptionId: number;
  eventType: string;
  body: unknown;
}

/**
 * Appends events in one statement: the subscriptions' counters are locked in id order (so two writers
 * never deadlock) and bumped, and each event gets the next sequence number of its subscription. The lock
 * is held until the caller's transaction commits, so sequence order is commit order.
 */
export const insertOutbox = async (
  db: Db,
  tenantId: number,
  events: readonly OutboxEvent[],
): Promise<void> => {
  if (events.length === 0) return;
  const [only] = events;
  if (events.length === 1 && only) {
    // The common case (a readings batch, an alarm): one row, its body passed as is, nothing to unpack.
    await db.execute(sql`
      with c as (
        update push_sequences set last_seq = last_seq + 1
        where tenant_id = ${tenantId}::bigint and subscription_id = ${only.subscriptionId}::bigint
        returning last_seq
      )
      insert into push_outbox (tenant_id, subscription_id, seq, event_type, body)
      select ${tenantId}::bigint, ${only.subscriptionId}::bigint, c.last_seq, ${only.eventType},
             ${JSON.stringify(only.body)}::json
      from c`);
    return;
  }
  const counts = new Map<number, number>();
  const rows = events.map((e) => {
    const i = (counts.get(e.subscriptionId) ?? 0) + 1;
    counts.set(e.subscriptionId, i);
    return { s: e.subscriptionId, i, t: e.eventType, b: e.body };
  });
  const w = JSON.stringify([...counts].map(([s, n]) => ({ s, n })));
  await db.execute(sql`
    with w as (select * from json_to_recordset(${w}::json) as w(s bigint, n bigint)),
    l as (
      select q.subscription_id from push_sequences q join w on w.s = q.subscription_id
      where q.tenant_id = ${tenantId}::bigint order by q.subscription_id for update of q
    ),
    c as (
      update push_sequences q set last_seq = q.last_seq + w.n from w
      where q.tenant_id = ${tenantId}::bigint and q.subscription_id = w.s
        and q.subscription_id in (select subscription_id from l)
      returning q.subscription_id, q.last_seq - w.n as base
    )
    insert into push_outbox (tenant_id, subscription_id, seq, event_type, body)
    select ${tenantId}::bigint, c.subscription_id, c.base + r.i, r.t, r.b
    from c join json_to_recordset(${JSON.stringify(rows)}::json) as r(s bigint, i bigint, t text, b json)
      on r.s = c.subscription_id`);
};

export interface ClaimedRow {
  subscriptionId: number;
  url: string;
  secret: string;
  seq: number;
  eventId: string;
  eventType: string;
  body: unknown;
  attempts: number;
  nextAttemptAt: Date;
  giveUpAt: Date;
  createdAt: Date;
}

/**
 * Claims, per enabled subscription whose first pending event is due, its first `window` pending events in
 * order, and leases the first until `leaseUntil` (its next_attempt_at) so no other worker takes the window. The
 * subscription rows are locked FOR NO KEY UPDATE SKIP LOCKED while claiming: two workers never claim the
 * same subscription at once, and enqueueing (which only key-shares them) is not held up.
 * Answers the claimed rows and whether the tenant has any pending event at all.
 */
export const claimWindows = async (
  db: Db,
  tenantId: number,
  now: Date,
  window: number,
  leaseUntil: Date,
): Promise<{ rows: ClaimedRow[]; anyPending: boolean }> => {
  const res = await db.execute(sql`
    select s.id::text as sid, s.url, s.secret, o.seq::text as seq, o.event_id::text as eid,
           o.event_type as et, o.body, o.attempts, o.next_attempt_at as na, o.give_up_at as gu,
           o.created_at as ca
    from (select id, url, secret from push_subscriptions
          where tenant_id = ${tenantId}::bigint and enabled_flag = 1
          order by id for no key update skip locked) s
    cross join lateral (
      select * from push_outbox o
      where o.tenant_id = ${tenantId}::bigint and o.subscription_id = s.id and o.state = 'pending'
      order by o.seq limit ${window}
    ) o
    order by s.id, o.seq`);
  const all = rowsOf<{
    sid: string;
    url: string;
    secret: string;
    seq: string;
    eid: string;
    et: string;
    body: unknown;
    attempts: number;
    na: string | Date;
    gu: string | Date;
    ca: string | Date;
  }>(res).map(
    (r): ClaimedRow => ({
      subscriptionId: Number(r.sid),
      url: r.url,
      secret: r.secret,
      seq: Number(r.seq),
      eventId: r.eid,
      eventType: r.et,
      body: typeof r.body === 'string' ? JSON.parse(r.body) : r.body,
      attempts: Number(r.attempts),
      nextAttemptAt: new Date(r.na),
      giveUpAt: new Date(r.gu),
      createdAt: new Date(r.ca),
    }),
  );
  // A subscription whose head waits (backoff or another worker's lease) is not claimed at all.
  const heads = new Map<number, ClaimedRow>();
  for (const r of all) if (!heads.has(r.subscriptionId)) heads.set(r.subscriptionId, r);
  const due = new Set([...heads.values()].filter((h) => h.nextAttemptAt <= now).map((h) => h.subscriptionId));
  const rows = all.filter((r) => due.has(r.subscriptionId));
  if (rows.length > 0) {
    // Leasing the heads is enough: the rest of a window is only ever claimed behind its due head.
    const leased = [...due].map((s) => ({ s, q: heads.get(s)?.seq }));
    await db.execute(sql`
      update push_outbox o set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(leased)}::jsonb) as w(s bigint, q bigint)
      where o.tenant_id = ${tenantId}::bigint and o.subscription_id = w.s and o.seq = w.q
        and o.state = 'pending'`);
  }
  return { rows, anyPending: all.length > 0 };
};

export interface OutboxResult {
  subscriptionId: number;
  seq: number;
  state: 'pending' | 'delivered' | 'failed';
  /** 1 when a POST was made (attempts, status, time and error are recorded); 0 for a released row. */
  tried: 0 | 1;
  status: number | null;
  ms: number | null;
  error: string | null;
  nextAttemptAt: Date;
}

/** Records a round's outcomes in one statement (rows no longer pending, e.g. deleted, are left alone). */
export const recordResults = async (
  db: Db,
  tenantId: number,
  results: readonly OutboxResult[],
  now: Date,
): Promise<void> => {
  if (results.length === 0) return;
  const json = JSON.stringify(
    results.map((r) => ({
      s: r.subscriptionId,
      q: r.seq,
      st: r.state,
      t: r.tried,
      c: r.status,
      ms: r.ms,
      err: r.error,
      na: r.nextAttemptAt.toISOString(),
    })),
  );
  await db.execute(sql`
    update push_outbox o set
      state = r.st,
      attempts = o.attempts + r.t,
      next_attempt_at = r.na,
      last_status = case when r.t = 1 then r.c else o.last_status end,
      last_response_ms = case when r.t = 1 then r.ms else o.last_response_ms end,
      last_error = case when r.t = 1 then r.err else o.last_error end,
      delivered_at = case when r.st = 'delivered' then ${now.toISOString()}::timestamptz else null end
    from jsonb_to_recordset(${json}::jsonb)
      as r(s bigint, q bigint, st text, t int, c int, ms int, err text, na timestamptz)
    where o.tenant_id = ${tenantId}::bigint and o.subscription_id = r.s and o.seq = r.q
      and o.state = 'pending'`);
};

export interface DeliveryRow {
  seq: number;
  eventId: string;
  eventType: string;
  state: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  lastStatus: number | null;
  lastResponseMs: number | null;
  createdAt: Date;
  deliveredAt: Date | null;
  body: unknown;
}

const deliveryColumns = {
  seq: pushOutbox.seq,
  eventId: pushOutbox.eventId,
  eventType: pushOutbox.eventType,
  state: pushOutbox.state,
  attempts: pushOutbox.attempts,
  nextAttemptAt: pushOutbox.nextAttemptAt,
  lastError: pushOutbox.lastError,
  lastStatus: pushOutbox.lastStatus,
  lastResponseMs: pushOutbox.lastResponseMs,
  createdAt: pushOutbox.createdAt,
  deliveredAt: pushOutbox.deliveredAt,
  body: pushOutbox.body,
};

/** A subscription's delivery log, newest first. */
export const listDeliveries = async (
  db: Db,
  tenantId: number,
  subscriptionId: number,
  state: string | undefined,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: DeliveryRow[]; total: number }> => {
  const where = and(
    eq(pushOutbox.tenantId, tenantId),
    eq(pushOutbox.subscriptionId, subscriptionId),
    state ? eq(pushOutbox.state, state) : undefined,
  ) as SQL;
  const q = db.select(deliveryColumns).from(pushOutbox).where(where).orderBy(desc(pushOutbox.seq));
  return pageRows(q, () => db.select({ n: count() }).from(pushOutbox).where(where), limit, offset);
};

export const findDelivery = async (
  db: Db,
  tenantId: number,
  subscriptionId: number,
  seq: number,
): Promise<DeliveryRow | undefined> => {
  const [r] = await db
    .select(deliveryColumns)
    .from(pushOutbox)
    .where(
      and(
        eq(pushOutbox.tenantId, tenantId),
        eq(pushOutbox.subscriptionId, subscriptionId),
        eq(pushOutbox.seq, seq),
      ),
    );
  return r;
};

/** A failed event back in the queue at its place, with a new 24 h of retries; false unless it was failed. */
export const requeueFailed = async (
  db: Db,
  tenantId: number,
  subscriptionId: number,
  seq: number,
): Promise<boolean> => {
  const rows = await db
    .update(pushOutbox)
    .set({
      state: 'pending',
      nextAttemptAt: sql`now()`,
      giveUpAt: sql`now() + interval '24 hours'`,
    })
    .where(
      and(
        eq(pushOutbox.tenantId, tenantId),
        eq(pushOutbox.subscriptionId, subscriptionId),
        eq(pushOutbox.seq, seq),
        eq(pushOutbox.state, 'failed'),
      ),
    )
    .returning({ seq: pushOutbox.seq });
  return rows.length > 0;
};

/** Historical log rows for the demo (seq numbers given; the counter is set past them). */
export const seedOutboxRows = async (
  db: Db,
  tenantId: number,
  subscriptionId: number,
  rows: readonly (Omit<DeliveryRow, 'eventId' | 'nextAttemptAt'> & { giveUpAt: Date })[],
): Promise<void> => {
  if (rows.length === 0) return;
  await db.insert(pushOutbox).values(
    rows.map((r) => ({
      tenantId,
      subscriptionId,
      seq: r.seq,
      eventType: r.eventType,
      body: r.body,
      state: r.state,
      attempts: r.attempts,
      nextAttemptAt: r.createdAt,
      giveUpAt: r.giveUpAt,
      lastError: r.lastError,
      lastStatus: r.lastStatus,
      lastResponseMs: r.lastResponseMs,
      createdAt: r.createdAt,
      deliveredAt: r.deliveredAt,
    })),
  );
  await db.execute(sql`update push_sequences set last_seq = greatest(last_seq, ${Math.max(...rows.map((r) => r.seq))})
    where tenant_id = ${tenantId}::bigint and subscription_id = ${subscriptionId}::bigint`);
};

import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** An integrator's subscription: which events go, signed with `secret`, to which URL (issue 13 §6). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The HMAC key; kept readable because every delivery signs with it (shown on create and rotate). */
    secret: text('secret').notNull(),
    eventTypes: text('event_types').array().notNull(),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);

/**
 * The last sequence number given to a subscription's events. Apart from the subscription row so that
 * enqueueing (which bumps it under a row lock until its transaction commits, so sequence order is commit
 * order) never blocks the delivery worker's claim, which locks the subscription row.
 */
export const pushSequences = pgTable(
  'push_sequences',
  {
    tenantId: tenantIdColumn(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.subscriptionId] }),
    foreignKey({
      columns: [t.tenantId, t.subscriptionId],
      foreignColumns: [pushSubscriptions.tenantId, pushSubscriptions.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * The outbox: one row per event per subscription, written in the transaction of the change, delivered in
 * `seq` order. It is the delivery log too. state: pending → delivered | failed (gave up).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    tenantId: tenantIdColumn(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    eventId: uuid('event_id').notNull().default(sql`gen_random_uuid()`),
    eventType: text('event_type').notNull(),
    // json, not jsonb: stored as sent, no binary form to build (a readings batch is tens of KB).
    body: json('body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the head may be tried (again); also the claim lease of a worker delivering it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Retried until then, then given up (created + 24 h; a redelivery starts a new 24 h). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    lastError: text('last_error'),
    lastStatus: integer('last_status'),
    lastResponseMs: integer('last_response_ms'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // No foreign key to the subscription: a readings batch inserts hundreds of rows, and a key check per
    // row is what slowed ingest; deleteSubscription removes the log itself.
    primaryKey({ columns: [t.tenantId, t.subscriptionId, t.seq] }),
    // The worker's head lookup (state 'pending', lowest seq), the log's state filter and the counts.
    index('push_outbox_state_idx').on(t.tenantId, t.subscriptionId, t.state, t.seq),
    tenantIsolation(),
  ],
);

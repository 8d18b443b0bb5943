import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { pushOutbox, pushSequences, pushSubscriptions } from './push.tables.js';

export interface SubscriptionRow {
  id: number;
  name: string;
  url: string;
  eventTypes: string[];
  enabledFlag: number;
  pending: number;
  delivered: number;
  failed: number;
  lastDeliveredAt: Date | null;
  objectVersionNumber: number;
  creationDate: Date;
  lastUpdateDate: Date;
}

export interface SubscriptionFilter {
  name?: string | undefined;
  enabled?: boolean | undefined;
  eventType?: string | undefined;
}

export interface SubscriptionValues {
  name: string;
  url: string;
  eventTypes: string[];
  enabledFlag: number;
}

// The subscription's columns are written qualified: in a one-table select Drizzle renders a column bare,
// and a bare "tenant_id" inside the subquery would be the outbox's own (o.tenant_id = o.tenant_id).
const countOf = (state: string) =>
  sql<number>`(select count(*) from ${pushOutbox} o where o.tenant_id = ${pushSubscriptions}.tenant_id
    and o.subscription_id = ${pushSubscriptions}.id and o.state = ${state})::int`.mapWith(Number);

const view = {
  id: pushSubscriptions.id,
  name: pushSubscriptions.name,
  url: pushSubscriptions.url,
  eventTypes: pushSubscriptions.eventTypes,
  enabledFlag: pushSubscriptions.enabledFlag,
  pending: countOf('pending'),
  delivered: countOf('delivered'),
  failed: countOf('failed'),
  lastDeliveredAt: sql<Date | null>`(select max(o.delivered_at) from ${pushOutbox} o
    where o.tenant_id = ${pushSubscriptions}.tenant_id and o.subscription_id = ${pushSubscriptions}.id
      and o.state = 'delivered')`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
  objectVersionNumber: pushSubscriptions.objectVersionNumber,
  creationDate: pushSubscriptions.creationDate,
  lastUpdateDate: pushSubscriptions.lastUpdateDate,
};

const matching = (tenantId: number, f: SubscriptionFilter): SQL =>
  and(
    eq(pushSubscriptions.tenantId, tenantId),
    f.name ? ilike(pushSubscriptions.name, `%${escapeLike(f.name)}%`) : undefined,
    f.enabled === undefined ? undefined : eq(pushSubscriptions.enabledFlag, f.enabled ? 1 : 0),
    f.eventType ? sql`${f.eventType} = any(${pushSubscriptions.eventTypes})` : undefined,
  ) as SQL;

export const listSubscriptions = async (
  db: Db,
  tenantId: number,
  f: SubscriptionFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: SubscriptionRow[]; total: number }> => {
  const where = matching(tenantId, f);
  const q = db.select(view).from(pushSubscriptions).where(where).orderBy(asc(pushSubscriptions.id));
  return pageRows(q, () => db.select({ n: count() }).from(pushSubscriptions).where(where), limit, offset);
};

export const findSubscription = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<SubscriptionRow | undefined> => {
  const [r] = await db
    .select(view)
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.id, id)));
  return r;
};

/** The URL and secret a delivery needs. */
export const subscriptionTarget = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ url: string; secret: string } | undefined> => {
  const [r] = await db
    .select({ url: pushSubscriptions.url, secret: pushSubscriptions.secret })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.id, id)));
  return r;
};

/** The subscription and its sequence counter. */
export const insertSubscription = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  v: SubscriptionValues & { secret: string },
): Promise<number> => {
  const [r] = await db
    .insert(pushSubscriptions)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: pushSubscriptions.id });
  if (!r) throw new Error('push subscription insert returned nothing');
  await db.insert(pushSequences).values({ tenantId, subscriptionId: r.id });
  return r.id;
};

/** Writes the values when `version` is current; false when it was not (stale or gone). */
export const updateSubscription = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<SubscriptionValues> & { secret?: string },
): Promise<boolean> => {
  const rows = await db
    .update(pushSubscriptions)
    .set({ ...v, ...bump(userId, pushSubscriptions.objectVersionNumber) })
    .where(
      and(
        eq(pushSubscriptions.tenantId, tenantId),
        eq(pushSubscriptions.id, id),
        eq(pushSubscriptions.objectVersionNumber, version),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
};

/** Deletes the subscription with its log when `version` is current. */
export const deleteSubscription = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
): Promise<boolean> => {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.tenantId, tenantId),
        eq(pushSubscriptions.id, id),
        eq(pushSubscriptions.objectVersionNumber, version),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) return false;
  await db
    .delete(pushOutbox)
    .where(and(eq(pushOutbox.tenantId, tenantId), eq(pushOutbox.subscriptionId, id)));
  return true;
};

/** The enabled subscriptions of a tenant and the event types each wants (the enqueue cache's source). */
export const enabledSubscriptions = async (
  db: Db,
  tenantId: number,
): Promise<{ id: number; eventTypes: string[] }[]> =>
  db
    .select({ id: pushSubscriptions.id, eventTypes: pushSubscriptions.eventTypes })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.enabledFlag, 1)));

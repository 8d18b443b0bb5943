import type { PushEventType } from '@tilth/contracts/push.types';
import type { Db } from '../../../platform/db/client.js';
import { enabledSubscriptions } from './push.repository.js';
import { insertOutbox, type OutboxEvent } from './push-outbox.repository.js';

// The one way other domains emit push events: enqueuePush(db, tenantId, type, payloads) in the
// transaction of the change. A tenant's enabled subscriptions are cached, so a tenant (or an event type)
// nobody subscribes to costs a map lookup. A change in this process forgets the tenant at once; another
// process's change is seen within CACHE_MS.

const CACHE_MS = 10_000;

interface Wanted {
  until: number;
  subs: { id: number; types: ReadonlySet<string> }[];
}

const cache = new Map<number, Wanted>();
/** Tenants that enqueued since the worker last looked (so it visits them before its next full scan). */
const hinted = new Set<number>();

/** Drops the cached subscriptions of a tenant (its subscriptions changed). */
export const forgetPushTenant = (tenantId: number): void => {
  cache.delete(tenantId);
  hinted.add(tenantId);
};

/** The tenants hinted since the last call (the delivery worker's). */
export const takeHintedTenants = (): number[] => {
  const out = [...hinted];
  hinted.clear();
  return out;
};

const wantedBy = async (db: Db, tenantId: number): Promise<Wanted['subs']> => {
  const hit = cache.get(tenantId);
  const now = Date.now();
  if (hit && hit.until > now) return hit.subs;
  const subs = (await enabledSubscriptions(db, tenantId)).map((s) => ({
    id: s.id,
    types: new Set(s.eventTypes),
  }));
  cache.set(tenantId, { until: now + CACHE_MS, subs });
  return subs;
};

/** Whether any enabled subscription of the tenant wants this type (to skip building payloads). */
export const pushWanted = async (db: Db, tenantId: number, type: PushEventType): Promise<boolean> =>
  (await wantedBy(db, tenantId)).some((s) => s.types.has(type));

/**
 * Queues events of one type for every enabled subscription of the tenant that wants them, in the caller's
 * transaction (one statement however many events and subscriptions). Nothing happens when none wants them.
 */
export const enqueuePush = async (
  db: Db,
  tenantId: number,
  type: PushEventType,
  payloads: readonly unknown[],
): Promise<void> => {
  if (payloads.length === 0) return;
  const subs = (await wantedBy(db, tenantId)).filter((s) => s.types.has(type));
  if (subs.length === 0) return;
  const events: OutboxEvent[] = [];
  for (const s of subs)
    for (const body of payloads) events.push({ subscriptionId: s.id, eventType: type, body });
  await insertOutbox(db, tenantId, events);
  hinted.add(tenantId);
};

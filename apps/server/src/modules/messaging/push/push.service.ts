import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type {
  PushCreateBody,
  PushDelivery,
  PushDeliveryQuery,
  PushEnableBody,
  PushEventType,
  PushListQuery,
  PushState,
  PushSubscription,
  PushSubscriptionWithSecret,
  PushTestResult,
  PushUpdateBody,
  PushVersionBody,
} from '@tilth/contracts/push.types';
import type { Config } from '../../../platform/config.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../../identity/audit/index.js';
import { forgetPushTenant } from './push.enqueue.js';
import { PushErrors } from './push.errors.js';
import { sendPush } from './push.http.js';
import {
  deleteSubscription,
  findSubscription,
  insertSubscription,
  listSubscriptions,
  type SubscriptionRow,
  subscriptionTarget,
  updateSubscription,
} from './push.repository.js';
import { checkTarget } from './push.target.js';
import { findDelivery, listDeliveries, requeueFailed } from './push-outbox.repository.js';

export const PUSH_ACCESS = {
  read: 'wfpf.company.system.dataPush',
  create: 'wfpf.company.system.dataPush.ps.create',
  edit: 'wfpf.company.system.dataPush.ps.edit',
  delete: 'wfpf.company.system.dataPush.ps.delete',
} as const satisfies Record<string, PermissionCode>;

const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

const toSubscription = (r: SubscriptionRow): PushSubscription => ({
  id: r.id,
  name: r.name,
  url: r.url,
  eventTypes: r.eventTypes as PushEventType[],
  enabled: r.enabledFlag === 1,
  pending: r.pending,
  delivered: r.delivered,
  failed: r.failed,
  lastDeliveredAt: r.lastDeliveredAt?.toISOString() ?? null,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

/** What the audit log keeps of a subscription (never its secret). */
const audited = (r: Pick<SubscriptionRow, 'name' | 'url' | 'eventTypes' | 'enabledFlag'>) => ({
  name: r.name,
  url: r.url,
  eventTypes: r.eventTypes,
  enabled: r.enabledFlag === 1,
});

/** Data push subscriptions, their delivery log and the push test (issue 13 item 6). */
export class PushService {
  constructor(private readonly config: Pick<Config, 'pushAllowPrivate'>) {}

  async list(ctx: Ctx, q: PushListQuery): Promise<Page<PushSubscription>> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.read);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await listSubscriptions(
      ctx.db,
      ctx.tenantId,
      {
        name: q.name?.trim() || undefined,
        enabled: q.enabled === undefined ? undefined : q.enabled === 'true',
        eventType: q.eventType,
      },
      limit,
      offset,
    );
    return pageAnswer(rows.map(toSubscription), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<PushSubscription> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.read);
    return toSubscription(await this.load(ctx, id));
  }

  /** Runs outside the request transaction: the URL check may wait on DNS. */
  async create(ctx: Ctx, body: PushCreateBody): Promise<PushSubscriptionWithSecret> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.create);
    await this.checkUrl(body.url);
    const secret = newSecret();
    const values = {
      name: body.name,
      url: body.url,
      eventTypes: body.eventTypes,
      enabledFlag: body.enabled ? 1 : 0,
    };
    const row = await this.write(ctx, async (c) => {
      const id = await insertSubscription(c.db, c.tenantId, c.user.id, { ...values, secret });
      await recordAudit(c, {
        action: 'push.create',
        targetType: 'push',
        targetId: id,
        targetName: body.name,
        after: audited(values),
      });
      return this.load(c, id);
    });
    return { ...toSubscription(row), secret };
  }

  /** Runs outside the request transaction: the URL check may wait on DNS. */
  async update(ctx: Ctx, body: PushUpdateBody): Promise<PushSubscription> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.edit);
    await this.checkUrl(body.url);
    const values = {
      name: body.name,
      url: body.url,
      eventTypes: body.eventTypes,
      enabledFlag: body.enabled ? 1 : 0,
    };
    return toSubscription(
      await this.write(ctx, async (c) => {
        const before = await this.load(c, body.id);
        if (before.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
        if (
          !(await updateSubscription(c.db, c.tenantId, body.id, body.objectVersionNumber, c.user.id, values))
        )
          throw CommonErrors.stale();
        await recordAudit(c, {
          action: 'push.update',
          targetType: 'push',
          targetId: body.id,
          targetName: body.name,
          before: audited(before),
          after: audited(values),
        });
        return this.load(c, body.id);
      }),
    );
  }

  async setEnabled(ctx: Ctx, id: number, body: PushEnableBody): Promise<PushSubscription> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.edit);
    const before = await this.versioned(ctx, id, body.objectVersionNumber);
    const enabledFlag = body.enabled ? 1 : 0;
    if (
      !(await updateSubscription(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, {
        enabledFlag,
      }))
    )
      throw CommonErrors.stale();
    await recordAudit(ctx, {
      action: body.enabled ? 'push.enable' : 'push.disable',
      targetType: 'push',
      targetId: id,
      targetName: before.name,
      before: { enabled: before.enabledFlag === 1 },
      after: { enabled: body.enabled },
    });
    forgetPushTenant(ctx.tenantId);
    return toSubscription(await this.load(ctx, id));
  }

  /** A new signing secret, effective for the next delivery; the old one stops at once. */
  async rotateSecret(ctx: Ctx, id: number, body: PushVersionBody): Promise<PushSubscriptionWithSecret> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.edit);
    const before = await this.versioned(ctx, id, body.objectVersionNumber);
    const secret = newSecret();
    if (
      !(await updateSubscription(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, { secret }))
    )
      throw CommonErrors.stale();
    await recordAudit(ctx, {
      action: 'push.rotate',
      targetType: 'push',
      targetId: id,
      targetName: before.name,
    });
    return { ...toSubscription(await this.load(ctx, id)), secret };
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.delete);
    const before = await this.load(ctx, id);
    if (!(await deleteSubscription(ctx.db, ctx.tenantId, id, before.objectVersionNumber)))
      throw CommonErrors.stale();
    await recordAudit(ctx, {
      action: 'push.delete',
      targetType: 'push',
      targetId: id,
      targetName: before.name,
      before: audited(before),
    });
    forgetPushTenant(ctx.tenantId);
    return { success: true };
  }

  /** POSTs a signed 'test' event now (not queued, not logged); spec 03 §8's message when it fails. */
  async test(ctx: Ctx, id: number): Promise<PushTestResult> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.edit);
    const target = await ctx.transact((db) => subscriptionTarget(db, ctx.tenantId, id));
    if (!target) throw PushErrors.notFound();
    const eventId = randomUUID();
    const body = JSON.stringify({
      id: eventId,
      type: 'test',
      subscriptionId: id,
      seq: 0,
      tenantId: ctx.tenantId,
      createdAt: new Date().toISOString(),
      data: { message: 'Tilth push test' },
    });
    const a = await sendPush(
      target.url,
      target.secret,
      { eventId, eventType: 'test', body },
      () => this.config.pushAllowPrivate,
    );
    if (!a.ok) throw PushErrors.testFailed({ detail: a.error ?? `HTTP ${a.status}` });
    return { success: true, status: a.status ?? 200, responseMs: a.ms };
  }

  async deliveries(ctx: Ctx, id: number, q: PushDeliveryQuery): Promise<Page<PushDelivery>> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.read);
    await this.load(ctx, id);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await listDeliveries(ctx.db, ctx.tenantId, id, q.state, limit, offset);
    return pageAnswer(
      rows.map((r) => ({
        seq: r.seq,
        eventId: r.eventId,
        eventType: r.eventType,
        state: r.state as PushState,
        attempts: r.attempts,
        nextAttemptAt: r.state === 'pending' ? r.nextAttemptAt.toISOString() : null,
        lastError: r.lastError,
        lastStatus: r.lastStatus,
        lastResponseMs: r.lastResponseMs,
        createdAt: r.createdAt.toISOString(),
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
        body: r.body,
      })),
      total,
      q,
    );
  }

  /** A failed (given-up) event goes back into the queue at its place in the order. */
  async redeliver(ctx: Ctx, id: number, seq: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, PUSH_ACCESS.edit);
    const sub = await this.load(ctx, id);
    const d = await findDelivery(ctx.db, ctx.tenantId, id, seq);
    if (!d) throw PushErrors.deliveryNotFound();
    if (!(await requeueFailed(ctx.db, ctx.tenantId, id, seq))) throw PushErrors.notFailed();
    await recordAudit(ctx, {
      action: 'push.redeliver',
      targetType: 'push',
      targetId: id,
      targetName: sub.name,
      after: { seq, eventId: d.eventId, eventType: d.eventType },
    });
    forgetPushTenant(ctx.tenantId);
    return { success: true };
  }

  private async checkUrl(url: string): Promise<void> {
    const problem = await checkTarget(url, { allowPrivate: this.config.pushAllowPrivate });
    if (problem === 'scheme') throw PushErrors.urlScheme();
    if (problem === 'credentials') throw PushErrors.urlCredentials();
    if (problem === 'private') throw PushErrors.urlPrivate();
    if (problem === 'unresolved') throw PushErrors.urlUnresolved();
  }

  /** The write in a tenant transaction of its own (the route runs outside one); forgets the cache after. */
  private async write<T>(ctx: TenantCtx, fn: (c: TenantCtx) => Promise<T>): Promise<T> {
    const out = await ctx.transact((db) => fn({ ...ctx, db }));
    forgetPushTenant(ctx.tenantId);
    return out;
  }

  private async versioned(ctx: TenantCtx, id: number, version: number): Promise<SubscriptionRow> {
    const row = await this.load(ctx, id);
    if (row.objectVersionNumber !== version) throw CommonErrors.stale();
    return row;
  }

  private async load(ctx: TenantCtx, id: number): Promise<SubscriptionRow> {
    const row = await findSubscription(ctx.db, ctx.tenantId, id);
    if (!row) throw PushErrors.notFound();
    return row;
  }
}

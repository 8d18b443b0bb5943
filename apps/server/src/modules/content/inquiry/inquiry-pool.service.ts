import type { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts/common.types';
import type {
  Inquiry,
  InquiryCloseBody,
  InquiryDashboard,
  InquiryDetail,
  InquiryExpertBody,
  InquiryListQuery,
  InquiryPhoto,
  InquiryPublishAnswer,
  InquiryPublishBody,
} from '@tilth/contracts/inquiry.types';
import type { Database } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { pageAnswer } from '../../../platform/db/paging.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { INQUIRY_ACCESS } from './inquiry.access.js';
import { InquiryErrors } from './inquiry.errors.js';
import { articleBodyOf, publishDraft } from './inquiry.publish.js';
import {
  expertStats,
  findInquiry,
  type InquiryFilter,
  type InquiryListRow,
  listInquiries,
  storedPhoto,
} from './inquiry.repository.js';
import { dashboardOf, deliverIn, deliverOwed } from './inquiry.service.js';
import {
  type Actor,
  closeInquiry,
  detailOf,
  expertSays,
  type Owed,
  type Scope,
  toInquiry,
} from './inquiry.thread.js';

/** Most rows a pool list gathers from each tenant (a page deeper than this is refused to empty). */
const POOL_WINDOW_MAX = 1000;

/** Where a pool expert fetches a pool inquiry's photo (they are not members of the asker's tenant). */
export const poolPhotoUrl = (askTenantId: number, inquiryId: number, p: InquiryPhoto): string =>
  `/wfpf/v1/${PLATFORM_TENANT_ID}/agriculture/inquiry-pool/${askTenantId}/${inquiryId}/photos/${p.fileId}`;

/**
 * The platform's expert pool (ADR 0018). A pool expert holds the answer code in the platform tenant; the
 * routes (`/wfpf/v1/0/agriculture/inquiry-pool/...`) admit them there, then each call checks membership
 * again and works on one asker tenant at a time in a transaction of that tenant, where only inquiries the
 * farmer sent to the platform (audience 'pool') are found. Nothing of a tenant's own-expert inquiries shows.
 */
export class InquiryPoolService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
  ) {}

  /** Pool membership: the answer code held in the platform tenant, asked from it. */
  private member(ctx: Ctx): asserts ctx is TenantCtx {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_ACCESS.answer);
    if (ctx.tenantId !== PLATFORM_TENANT_ID) throw InquiryErrors.notPool();
  }

  private actor(ctx: TenantCtx): Actor {
    return { id: ctx.user.id, name: ctx.user.realName, tenantId: PLATFORM_TENANT_ID };
  }

  /** Runs fn in a transaction of the asker's tenant, on a pool inquiry there (404 for any other). */
  private async inAskerTenant<T>(
    ctx: TenantCtx,
    askTenantId: number,
    id: number,
    fn: (s: Scope, r: InquiryListRow) => Promise<T>,
  ): Promise<T> {
    if (askTenantId === PLATFORM_TENANT_ID) throw InquiryErrors.notFound();
    return this.database.withTenant(askTenantId, async (db) => {
      const s: Scope = { db, tenantId: askTenantId, lang: ctx.lang };
      const r = await findInquiry(db, askTenantId, ctx.lang, id);
      if (r?.audience !== 'pool') throw InquiryErrors.notFound();
      return fn(s, r);
    });
  }

  /** Pool inquiries of every tenant, gathered tenant by tenant (each under its own row-level security). */
  async list(ctx: Ctx, q: InquiryListQuery): Promise<Page<Inquiry>> {
    this.member(ctx);
    const f: InquiryFilter = {
      audience: 'pool',
      urgency: q.urgency,
      cropId: q.cropId,
      keyword: q.keyword?.trim() || undefined,
      statuses: q.scope === 'queue' ? ['open'] : q.status ? [q.status] : undefined,
      oldestFirst: q.scope === 'queue',
      ...(q.scope === 'answered'
        ? { answeredBy: { userId: ctx.user.id, tenantId: PLATFORM_TENANT_ID } }
        : {}),
    };
    const size = q.size === 0 ? POOL_WINDOW_MAX : q.size;
    const want = Math.min(POOL_WINDOW_MAX, (q.page + 1) * size);
    const ids = (await listTenantIds(this.database.db)).filter((t) => t !== PLATFORM_TENANT_ID);
    const rows: InquiryListRow[] = [];
    let total = 0;
    for (const t of ids) {
      const part = await this.database.withTenant(t, (db) => listInquiries(db, t, ctx.lang, f, want, 0));
      rows.push(...part.rows);
      total += part.total;
    }
    const key = (r: InquiryListRow) => r.creationDate.getTime();
    rows.sort((a, b) => (f.oldestFirst ? key(a) - key(b) : key(b) - key(a)));
    const page = rows.slice(q.page * size, q.page * size + size);
    return pageAnswer(
      page.map((r) => toInquiry(r, (p) => poolPhotoUrl(r.tenantId, r.id, p))),
      total,
      q,
    );
  }

  async get(ctx: Ctx, askTenantId: number, id: number): Promise<InquiryDetail> {
    this.member(ctx);
    return this.inAskerTenant(ctx, askTenantId, id, (s) =>
      detailOf(s, id, (p) => poolPhotoUrl(askTenantId, id, p)),
    );
  }

  answer(ctx: Ctx, askTenantId: number, id: number, body: InquiryExpertBody) {
    return this.expert(ctx, askTenantId, id, 'answer', body);
  }

  askBack(ctx: Ctx, askTenantId: number, id: number, body: InquiryExpertBody) {
    return this.expert(ctx, askTenantId, id, 'ask_back', body);
  }

  private async expert(
    ctx: Ctx,
    askTenantId: number,
    id: number,
    kind: 'answer' | 'ask_back',
    body: InquiryExpertBody,
  ): Promise<InquiryDetail> {
    this.member(ctx);
    const actor = this.actor(ctx);
    await this.act(ctx, askTenantId, id, (s) => expertSays(s, actor, id, kind, body));
    return this.get(ctx, askTenantId, id);
  }

  /** A pool expert closes a stale pool inquiry (the farmer silent for INQUIRY_STALE_DAYS). */
  async close(ctx: Ctx, askTenantId: number, id: number, body: InquiryCloseBody): Promise<InquiryDetail> {
    this.member(ctx);
    const actor = this.actor(ctx);
    await this.act(ctx, askTenantId, id, (s) => closeInquiry(s, actor, 'expert', id, body));
    return this.get(ctx, askTenantId, id);
  }

  /** The change and the farmer's notification in the asker's tenant; anything owed elsewhere after it. */
  private async act(ctx: TenantCtx, askTenantId: number, id: number, fn: (s: Scope) => Promise<Owed[]>) {
    const owed = await this.inAskerTenant(ctx, askTenantId, id, async (s) => {
      const o = await fn(s);
      await deliverIn(ctx, s.db, askTenantId, o);
      return o.filter((x) => x.tenantId !== askTenantId);
    });
    await deliverOwed(this.database, ctx, owed);
  }

  /** A pool expert's answers published as a draft article of the platform tenant (never of the asker's). */
  async publish(
    ctx: Ctx,
    askTenantId: number,
    id: number,
    body: InquiryPublishBody,
  ): Promise<InquiryPublishAnswer> {
    this.member(ctx);
    const draft = await this.inAskerTenant(ctx, askTenantId, id, (s) => articleBodyOf(s, id));
    return ctx.transact((db) => publishDraft(ctx, db, body, draft, id));
  }

  async dashboard(ctx: Ctx): Promise<InquiryDashboard> {
    this.member(ctx);
    const ids = (await listTenantIds(this.database.db)).filter((t) => t !== PLATFORM_TENANT_ID);
    const me = { userId: ctx.user.id, tenantId: PLATFORM_TENANT_ID };
    const all = [];
    for (const t of ids) all.push(await this.database.withTenant(t, (db) => expertStats(db, t, me, true)));
    return dashboardOf(all);
  }

  /** A pool inquiry's photo (one of its own or of its thread), read from the asker's tenant. */
  async photo(
    ctx: Ctx,
    askTenantId: number,
    id: number,
    fileId: string,
  ): Promise<{ body: Readable; contentType: string; fileName: string; size: number }> {
    this.member(ctx);
    const f = await this.inAskerTenant(ctx, askTenantId, id, async (s, r) => {
      const d = await detailOf(s, r.id, (p) => p.fileId);
      const used =
        d.photos.some((p) => p.fileId === fileId) ||
        d.messages.some((m) => m.photos.some((p) => p.fileId === fileId));
      if (!used) throw InquiryErrors.notFound();
      return storedPhoto(s.db, askTenantId, fileId);
    });
    const body = f ? await this.storage.get(f.storageKey) : undefined;
    if (!f || !body) throw InquiryErrors.notFound();
    return { body, contentType: f.contentType, fileName: f.fileName, size: f.fileSize };
  }
}

import type { Page } from '@tilth/contracts/common.types';
import type {
  PestInput,
  PestKnowledge,
  PestKnowledgeDetail,
  PestKnowledgeListQuery,
  pestKnowledgeCreateBody,
  pestKnowledgeUpdateBody,
} from '@tilth/contracts/identify.types';
import type { z } from 'zod';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { ownFiles } from '../../messaging/file/index.js';
import { IDENTIFY_ACCESS } from './identify.access.js';
import { IdentifyErrors } from './identify.errors.js';
import * as repo from './knowledge.repository.js';

// The pest knowledge base: the platform's shipped entries every tenant reads, and the tenant's own entries
// and overrides. Editing a platform entry makes the tenant's copy under the same code (the platform row is
// never changed by a tenant); deleting that copy brings the platform's back.

type CreateBody = z.output<typeof pestKnowledgeCreateBody>;
type UpdateBody = z.output<typeof pestKnowledgeUpdateBody>;

const toKnowledge = (
  r: repo.KnowledgeRow,
  lang: Lang,
  inputIds: number[],
  platformCodes: ReadonlySet<string>,
): PestKnowledge => ({
  knowledgeId: r.id,
  code: r.code,
  origin: r.tenantId === PLATFORM_TENANT_ID ? 'platform' : 'tenant',
  overridesPlatform: r.tenantId !== PLATFORM_TENANT_ID && platformCodes.has(r.code),
  kind: r.kind as PestKnowledge['kind'],
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  name: lang === 'en-US' ? r.nameEn : r.nameZh,
  latinName: r.latinName,
  cropsZh: r.cropsZh,
  cropsEn: r.cropsEn,
  descriptionZh: r.descriptionZh,
  descriptionEn: r.descriptionEn,
  damageZh: r.damageZh,
  damageEn: r.damageEn,
  controlZh: r.controlZh,
  controlEn: r.controlEn,
  ingredients: r.ingredients,
  images: r.images,
  aliases: r.aliases,
  inputIds,
  objectVersionNumber: r.objectVersionNumber,
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

const values = (b: CreateBody | UpdateBody): repo.KnowledgeValues => ({
  kind: b.kind,
  nameZh: b.nameZh,
  nameEn: b.nameEn,
  latinName: b.latinName ?? null,
  cropsZh: b.cropsZh,
  cropsEn: b.cropsEn,
  descriptionZh: b.descriptionZh ?? null,
  descriptionEn: b.descriptionEn ?? null,
  damageZh: b.damageZh ?? null,
  damageEn: b.damageEn ?? null,
  controlZh: b.controlZh ?? null,
  controlEn: b.controlEn ?? null,
  ingredients: b.ingredients,
  images: b.images,
  aliases: b.aliases,
});

const FILE_ID = /\/files\/([0-9a-f-]{36})\/file$/;

export class KnowledgeService {
  private async views(ctx: TenantCtx, rows: repo.KnowledgeRow[]): Promise<PestKnowledge[]> {
    const links = await repo.linkedInputIds(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.code),
    );
    const platform = await repo.listKnowledge(ctx.db, PLATFORM_TENANT_ID, {}, undefined, 0);
    const platformCodes = new Set(platform.rows.map((r) => r.code));
    return rows.map((r) =>
      toKnowledge(
        r,
        ctx.lang,
        links.filter((l) => l.code === r.code).map((l) => l.inputId),
        platformCodes,
      ),
    );
  }

  async list(ctx: Ctx, q: PestKnowledgeListQuery): Promise<Page<PestKnowledge>> {
    requireTenant(ctx);
    requireAccess(ctx, IDENTIFY_ACCESS.view);
    const w = pageWindow(q);
    const { rows, total } = await repo.listKnowledge(
      ctx.db,
      ctx.tenantId,
      { q: q.q?.trim() || undefined, kind: q.kind, crop: q.crop?.trim() || undefined },
      w.limit,
      w.offset,
    );
    return pageAnswer(await this.views(ctx, rows), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<PestKnowledgeDetail> {
    requireTenant(ctx);
    requireAccess(ctx, [IDENTIFY_ACCESS.view, 'wfpf.farm.agriculture.expert-inquiry']);
    const row = await repo.findKnowledge(ctx.db, ctx.tenantId, id);
    if (!row) throw IdentifyErrors.knowledgeNotFound();
    const [k] = (await this.views(ctx, [row])) as [PestKnowledge];
    const linked = await repo.inputsByIds(ctx.db, ctx.tenantId, k.inputIds);
    const byIngredient = await repo.inputsByIngredient(ctx.db, ctx.tenantId, row.ingredients);
    const seen = new Set(linked.map((i) => i.id));
    const inputs: PestInput[] = [
      ...linked.map((i) => ({ ...this.input(i), match: 'linked' as const })),
      ...byIngredient
        .filter((i) => !seen.has(i.id))
        .map((i) => ({ ...this.input(i), match: 'ingredient' as const })),
    ];
    return { ...k, inputs };
  }

  private input(i: repo.InputMatchRow): Omit<PestInput, 'match'> {
    return {
      inputId: i.id,
      inputName: i.inputName,
      category: i.category,
      registrationNo: i.registrationNo,
      unit: i.unit,
    };
  }

  /** Refuses inputs and images that are not the tenant's (400 naming the field). */
  private async checkRefs(ctx: TenantCtx, b: CreateBody | UpdateBody): Promise<void> {
    const ids = [...new Set(b.inputIds)];
    const found = new Set((await repo.inputsByIds(ctx.db, ctx.tenantId, ids)).map((i) => i.id));
    const missing = ids.find((i) => !found.has(i));
    if (missing !== undefined) throw IdentifyErrors.inputNotFound({ id: missing });
    const fileIds = b.images.map((u) => FILE_ID.exec(u)?.[1] ?? '');
    const own = new Set(
      (await ownFiles(ctx.db, ctx.tenantId, fileIds))
        .filter((f) => f.contentType.startsWith('image/'))
        .map((f) => f.id),
    );
    const badImage = b.images.find(
      (u, i) => !u.startsWith(`/hfle/v1/${ctx.tenantId}/`) || !own.has(fileIds[i] as string),
    );
    if (badImage !== undefined) throw IdentifyErrors.imageNotFound({ id: badImage });
  }

  async create(ctx: Ctx, b: CreateBody): Promise<PestKnowledgeDetail> {
    requireTenant(ctx);
    requireAccess(ctx, IDENTIFY_ACCESS.knowledge);
    await this.checkRefs(ctx, b);
    // A platform code is taken too: the way to change a platform entry is to edit it (an override).
    if (await repo.platformCodeExists(ctx.db, b.code)) throw IdentifyErrors.codeTaken({ code: b.code });
    const row = await repo.insertKnowledge(ctx.db, ctx.tenantId, ctx.user.id, { ...values(b), code: b.code });
    if (!row) throw IdentifyErrors.codeTaken({ code: b.code });
    await repo.setLinkedInputs(ctx.db, ctx.tenantId, row.code, b.inputIds);
    return this.get(ctx, row.id);
  }

  async update(ctx: Ctx, id: number, b: UpdateBody): Promise<PestKnowledgeDetail> {
    requireTenant(ctx);
    requireAccess(ctx, IDENTIFY_ACCESS.knowledge);
    const row = await repo.findKnowledge(ctx.db, ctx.tenantId, id);
    if (!row) throw IdentifyErrors.knowledgeNotFound();
    await this.checkRefs(ctx, b);
    let saved: repo.KnowledgeRow | undefined;
    if (row.tenantId === PLATFORM_TENANT_ID && ctx.tenantId !== PLATFORM_TENANT_ID) {
      if (b.objectVersionNumber !== row.objectVersionNumber) throw CommonErrors.stale();
      // The tenant's own version under the platform code; a second edit of the platform row is stale.
      if (await repo.findOwnByCode(ctx.db, ctx.tenantId, row.code)) throw CommonErrors.stale();
      saved = await repo.insertKnowledge(ctx.db, ctx.tenantId, ctx.user.id, { ...values(b), code: row.code });
    } else {
      saved = await repo.updateKnowledge(
        ctx.db,
        ctx.tenantId,
        ctx.user.id,
        id,
        b.objectVersionNumber,
        values(b),
      );
    }
    if (!saved) throw CommonErrors.stale();
    await repo.setLinkedInputs(ctx.db, ctx.tenantId, saved.code, b.inputIds);
    return this.get(ctx, saved.id);
  }

  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, IDENTIFY_ACCESS.knowledge);
    const row = await repo.findKnowledge(ctx.db, ctx.tenantId, id);
    if (!row) throw IdentifyErrors.knowledgeNotFound();
    if (row.tenantId !== ctx.tenantId) throw IdentifyErrors.platformReadOnly();
    const gone = await repo.deleteKnowledge(ctx.db, ctx.tenantId, id, version);
    if (!gone) throw CommonErrors.stale();
    // Links stay with the code while the platform still has it (they then apply to the platform entry).
    if (!(await repo.platformCodeExists(ctx.db, row.code)))
      await repo.setLinkedInputs(ctx.db, ctx.tenantId, row.code, []);
    return { success: true };
  }
}

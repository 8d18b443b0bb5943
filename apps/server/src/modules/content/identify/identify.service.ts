import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts/common.types';
import {
  IDENTIFY_TOP_K,
  type Identification,
  type IdentificationListQuery,
  type IdentifyStatus,
  type IdentifyStatusAnswer,
} from '@tilth/contracts/identify.types';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../../../platform/config.js';
import type { Db } from '../../../platform/db/client.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import { crops } from '../../farm/crop/index.js';
import { insertFile } from '../../messaging/file/index.js';
import { IDENTIFY_ACCESS } from './identify.access.js';
import { IdentifyErrors } from './identify.errors.js';
import { Gate, isRejectLabel, type RawCandidate } from './identify.labels.js';
import { type Identifier, identifierFor } from './identify.provider.js';
import * as repo from './identify.repository.js';
import { knowledgeMatcher, toIdentification } from './identify.view.js';
import { allVisibleKnowledge } from './knowledge.repository.js';

// Photo → answer (issue 19 item 6). The photo is checked by content (JPEG / PNG magic bytes, header
// pixels), hashed, and looked up by (SHA-256, model key): a known image gets its stored answer back, so
// the same photo always answers the same way and is stored once. A new one runs through the identifier
// behind a gate (bounded concurrency, short queue), then the photo and the answer are stored together.

export interface PhotoUpload {
  bytes: Buffer;
  cropId?: number | undefined;
}

const gates = new WeakMap<Config['identify'], Gate>();
const gateOf = (cfg: Config['identify']): Gate => {
  let g = gates.get(cfg);
  if (!g) {
    g = new Gate(cfg.concurrency, cfg.queueMax);
    gates.set(cfg, g);
  }
  return g;
};

const sniff = (b: Buffer): 'image/jpeg' | 'image/png' | undefined => {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  return undefined;
};

/** What the answer says, from the top candidates (rejects first: a model sure of "no plant" refuses). */
export const statusOf = (
  provider: Identifier['provider'],
  top: RawCandidate[],
  floor: number,
): IdentifyStatus => {
  if (provider === 'none') return 'unconfigured';
  const best = top[0];
  if (!best || isRejectLabel(best.label)) return 'refused';
  return best.confidence < floor ? 'uncertain' : 'identified';
};

export class IdentifyService {
  private readonly config: Config;
  private readonly storage: FileStorage;

  constructor(platform: Platform) {
    this.config = platform.config;
    this.storage = platform.storage;
  }

  private identifier(): Identifier {
    return identifierFor(this.config.identify);
  }

  private async view(ctx: TenantCtx, db: Db, rows: repo.IdentificationRow[]): Promise<Identification[]> {
    const match = knowledgeMatcher(await allVisibleKnowledge(db, ctx.tenantId));
    return rows.map((r) => toIdentification(r, ctx.lang, match));
  }

  async status(ctx: Ctx): Promise<IdentifyStatusAnswer> {
    requireTenant(ctx);
    requireAccess(ctx, IDENTIFY_ACCESS.view);
    const it = this.identifier();
    const cfg = this.config.identify;
    let modelKey = 'none';
    let labelCount = 0;
    let configured = it.provider !== 'none';
    try {
      modelKey = await it.modelKey();
      labelCount = await it.labelCount();
    } catch (err) {
      // A model file that cannot be loaded: say it is not usable rather than fail the page.
      ctx.log.error({ err }, 'identification model failed to load');
      configured = false;
      modelKey = 'unavailable';
    }
    return {
      configured,
      provider: it.provider,
      modelKey,
      labelCount,
      minConfidence: cfg.minConfidence,
      maxBytes: cfg.maxBytes,
      maxMegapixels: Math.floor(this.config.imageMaxPixels / 1e6),
    };
  }

  async list(ctx: Ctx, q: IdentificationListQuery): Promise<Page<Identification>> {
    requireTenant(ctx);
    requireAccess(ctx, IDENTIFY_ACCESS.view);
    const w = pageWindow(q);
    const { rows, total } = await repo.listIdentifications(
      ctx.db,
      ctx.tenantId,
      { status: q.status, createdBy: q.mine === 1 ? ctx.user.id : undefined },
      w.limit,
      w.offset,
    );
    return pageAnswer(await this.view(ctx, ctx.db, rows), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Identification> {
    requireTenant(ctx);
    // The expert inquiry reads it for its note: the inquiry page's code opens it too.
    requireAccess(ctx, [IDENTIFY_ACCESS.view, 'wfpf.farm.agriculture.expert-inquiry']);
    const r = await repo.findIdentification(ctx.db, ctx.tenantId, id);
    if (!r) throw IdentifyErrors.notFound();
    const [v] = await this.view(ctx, ctx.db, [r]);
    return v as Identification;
  }

  /** Checks, hashes and identifies one photo (the route runs outside a transaction: inference is slow). */
  async identify(ctx: Ctx, up: PhotoUpload): Promise<Identification> {
    requireTenant(ctx);
    requireAccess(ctx, IDENTIFY_ACCESS.run);
    const contentType = sniff(up.bytes);
    if (!contentType) throw IdentifyErrors.notImage();
    const meta = await sharp(up.bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height) throw IdentifyErrors.unreadable();
    if (meta.width * meta.height > this.config.imageMaxPixels) {
      throw IdentifyErrors.tooManyPixels({
        mp: Math.round((meta.width * meta.height) / 1e6),
        max: Math.floor(this.config.imageMaxPixels / 1e6),
      });
    }
    const cropId = up.cropId ?? null;
    if (cropId !== null) {
      const [c] = await ctx.transact((db) =>
        db
          .select({ id: crops.id })
          .from(crops)
          .where(and(eq(crops.tenantId, ctx.tenantId), eq(crops.id, cropId))),
      );
      if (!c) throw IdentifyErrors.cropNotFound();
    }
    const sha256 = createHash('sha256').update(up.bytes).digest('hex');
    const it = this.identifier();
    const modelKey = await it.modelKey().catch((err: unknown) => {
      ctx.log.error({ err }, 'identification model failed to load');
      throw IdentifyErrors.failed();
    });
    const known = await this.reuse(ctx, sha256, modelKey);
    if (known) return known;

    const top =
      it.provider === 'none'
        ? []
        : await gateOf(this.config.identify)
            .run(() => it.identify(up.bytes, IDENTIFY_TOP_K))
            .then(
              (r) => {
                if (!r) throw IdentifyErrors.busy();
                return r.value;
              },
              (err: unknown) => {
                ctx.log.error({ err }, 'identification failed');
                throw IdentifyErrors.failed();
              },
            );
    const status = statusOf(it.provider, top, this.config.identify.minConfidence);

    // The photo is kept (the history, the expert's `photo=`), in the file library under bucket 'identify'.
    const fileId = randomUUID();
    const now = new Date();
    const storageKey = `${ctx.tenantId}/identify/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${fileId}`;
    await this.storage.put(storageKey, Readable.from([up.bytes]));
    const discard = () => this.storage.remove(storageKey).catch(() => undefined);
    try {
      const made = await ctx.transact(async (db) => {
        const row = await repo.insertIdentification(db, ctx.tenantId, ctx.user.id, {
          sha256,
          modelKey,
          provider: it.provider,
          status,
          candidates: top,
          photoFileId: fileId,
          width: meta.width as number,
          height: meta.height as number,
          cropId,
        });
        if (!row) return undefined;
        await insertFile(db, {
          tenantId: ctx.tenantId,
          id: fileId,
          attachmentUuid: null,
          bucketName: 'identify',
          fileName: `identify-${sha256.slice(0, 12)}.${contentType === 'image/png' ? 'png' : 'jpg'}`,
          contentType,
          fileSize: up.bytes.length,
          storageKey,
          createdBy: ctx.user.id,
        });
        return (await this.view(ctx, db, [row]))[0];
      });
      if (made) return made;
    } catch (err) {
      await discard();
      throw err;
    }
    // Another request stored the same image meanwhile: its answer is the answer.
    await discard();
    const again = await this.reuse(ctx, sha256, modelKey);
    if (!again) throw IdentifyErrors.failed();
    return again;
  }

  private reuse(ctx: TenantCtx, sha256: string, modelKey: string): Promise<Identification | undefined> {
    return ctx.transact(async (db) => {
      const found = await repo.findByImage(db, ctx.tenantId, sha256, modelKey);
      if (!found) return undefined;
      const touched = await repo.touchIdentification(db, ctx.tenantId, found.id);
      return (await this.view(ctx, db, [touched ?? found]))[0];
    });
  }
}

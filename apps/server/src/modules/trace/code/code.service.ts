import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts/common.types';
import { buildDigitalLink, TRACE_SERIAL_ALPHABET } from '@tilth/contracts/gs1-digital-link';
import {
  TRACE_CODE_ZIP_PNG_MAX,
  type TraceCode,
  type TraceCodeListQuery,
  type TraceCodePackage,
  type TraceCodePackageCreateBody,
  type TraceCodePackageListQuery,
  type TraceCodePackageStatus,
  type TraceCodeScheme,
} from '@tilth/contracts/trace-code.types';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import type { Platform } from '../../../platform/platform.js';
import { dayEnd, dayOf, dayStart } from '../../../platform/time/zone.js';
import { findTraceBatchForCodes } from '../catalog/index.js';
import { TRACE_CODE_ACCESS } from './code.access.js';
import { traceHost } from './code.config.js';
import { TraceCodeErrors } from './code.errors.js';
import { schemeOf } from './code.jobs.js';
import * as repo from './code.repository.js';
import { findCode } from './scan.repository.js';

// Code packages (issue 18 item 2): create (queued for code.jobs.ts), poll, list, the codes of one, void
// one code or a whole package, and the made files.

const errorText = (code: string | null, lang: Lang): string | null => {
  if (!code) return null;
  const def = Object.values(TraceCodeErrors.defs).find((d) => d.code === code) ?? TraceCodeErrors.defs.failed;
  return def.message[lang];
};

const toPackage = (r: repo.PackageListRow, lang: Lang): TraceCodePackage => ({
  packageId: r.id,
  packageCode: r.packageCode,
  traceBatchId: r.traceBatchId,
  productName: r.productName,
  batchCode: r.batchCode,
  quantity: r.quantity,
  codeScheme: r.codeScheme as TraceCodeScheme,
  status: r.status as TraceCodePackageStatus,
  progress: r.progress,
  error: r.status === 'failed' ? errorText(r.error, lang) : null,
  zipHasImages: r.quantity <= TRACE_CODE_ZIP_PNG_MAX,
  voidedCount: r.voidedCount,
  scannedCount: r.scannedCount,
  remark: r.remark,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const FILES = {
  pdf: { key: 'pdfKey', contentType: 'application/pdf', ext: 'pdf' },
  csv: { key: 'csvKey', contentType: 'text/csv; charset=utf-8', ext: 'csv' },
  zip: { key: 'zipKey', contentType: 'application/zip', ext: 'zip' },
} as const;

export class TraceCodeService {
  constructor(private readonly platform: Platform) {}

  async list(ctx: Ctx, q: TraceCodePackageListQuery): Promise<Page<TraceCodePackage>> {
    requireTenant(ctx);
    requireAccess(ctx, TRACE_CODE_ACCESS.list);
    const w = pageWindow(q);
    const { rows, total } = await repo.listPackages(
      ctx.db,
      ctx.tenantId,
      {
        traceBatchId: q.traceBatchId,
        status: q.status,
        from: q.from ? dayStart(q.from, ctx.timeZone) : undefined,
        to: q.to ? dayEnd(q.to, ctx.timeZone) : undefined,
      },
      w.limit,
      w.offset,
    );
    return pageAnswer(
      rows.map((r) => toPackage(r, ctx.lang)),
      total,
      q,
    );
  }

  async get(ctx: Ctx, id: number): Promise<TraceCodePackage> {
    requireTenant(ctx);
    requireAccess(ctx, TRACE_CODE_ACCESS.list);
    const row = await ctx.transact((db) => repo.findPackage(db, ctx.tenantId, id));
    if (!row) throw TraceCodeErrors.packageNotFound();
    return toPackage(row, ctx.lang);
  }

  /** Queues a package for a draft or published batch (a withdrawn one is refused). The caller kicks the runner. */
  async create(ctx: Ctx, b: TraceCodePackageCreateBody): Promise<TraceCodePackage> {
    requireTenant(ctx);
    requireAccess(ctx, TRACE_CODE_ACCESS.create);
    const userId = ctx.user.id;
    return ctx.transact(async (db) => {
      const batch = await findTraceBatchForCodes({ ...ctx, db }, b.traceBatchId);
      if (!batch) throw TraceCodeErrors.batchNotFound();
      if (batch.status === 'withdrawn') throw TraceCodeErrors.batchWithdrawn({ batchCode: batch.batchCode });
      const day = dayOf(new Date(), ctx.timeZone).replaceAll('-', '');
      const tail = Array.from(randomBytes(5), (x) => TRACE_SERIAL_ALPHABET[x & 31]).join('');
      const row = await repo.insertPackage(db, ctx.tenantId, userId, {
        packageCode: `CP${day}${tail}`,
        traceBatchId: b.traceBatchId,
        quantity: b.quantity,
        codeScheme: schemeOf(batch),
        remark: b.remark ?? null,
      });
      const named = { ...row, productName: batch.productName, batchCode: batch.batchCode, scannedCount: 0 };
      return toPackage(named, ctx.lang);
    });
  }

  async codes(ctx: Ctx, packageId: number, q: TraceCodeListQuery): Promise<Page<TraceCode>> {
    requireTenant(ctx);
    requireAccess(ctx, TRACE_CODE_ACCESS.list);
    const pkg = await repo.findPackage(ctx.db, ctx.tenantId, packageId);
    if (!pkg) throw TraceCodeErrors.packageNotFound();
    const batch = await findTraceBatchForCodes(ctx, pkg.traceBatchId);
    const host = traceHost(this.platform.config);
    const w = pageWindow(q);
    const { rows, total } = await repo.listCodes(
      ctx.db,
      ctx.tenantId,
      packageId,
      { serial: q.serial, voided: q.voided === undefined ? undefined : q.voided === '1' },
      w.limit,
      w.offset,
    );
    const url = (serial: string) =>
      pkg.codeScheme === 'gs1' && batch?.gtin
        ? buildDigitalLink({ scheme: 'gs1', host, gtin: batch.gtin, lot: batch.batchCode, serial })
        : buildDigitalLink({ scheme: 'tenant', host, tenantId: ctx.tenantId, serial });
    return pageAnswer(
      rows.map((r) => ({
        seq: r.seq,
        serial: r.serial,
        url: url(r.serial),
        scanCount: r.scanCount,
        firstScanAt: r.firstScanAt?.toISOString() ?? null,
        voidedAt: r.voidedAt?.toISOString() ?? null,
        voidReason: r.voidReason,
      })),
      total,
      q,
    );
  }

  async voidCode(ctx: Ctx, serial: string, reason: string): Promise<{ voided: number }> {
    requireTenant(ctx);
    requireAccess(ctx, TRACE_CODE_ACCESS.void);
    const done = await repo.voidCode(ctx.db, ctx.tenantId, serial, reason, ctx.user.id);
    if (done) return { voided: 1 };
    if (await findCode(ctx.db, ctx.tenantId, serial)) throw TraceCodeErrors.alreadyVoid({ serial });
    throw TraceCodeErrors.codeNotFound({ serial });
  }

  async voidPackage(ctx: Ctx, id: number, reason: string, version: number): Promise<{ voided: number }> {
    requireTenant(ctx);
    requireAccess(ctx, TRACE_CODE_ACCESS.void);
    const pkg = await repo.findPackage(ctx.db, ctx.tenantId, id);
    if (!pkg) throw TraceCodeErrors.packageNotFound();
    if (pkg.objectVersionNumber !== version) throw CommonErrors.stale();
    if (pkg.status !== 'ready') throw TraceCodeErrors.notReady();
    const n = await repo.voidPackage(ctx.db, ctx.tenantId, id, version, reason, ctx.user.id);
    if (n === undefined) throw CommonErrors.stale();
    return { voided: n };
  }

  /** One made file of a ready package: its bytes, type and download name. */
  async file(
    ctx: Ctx,
    id: number,
    which: keyof typeof FILES,
  ): Promise<{ body: Readable; contentType: string; fileName: string }> {
    requireTenant(ctx);
    requireAccess(ctx, TRACE_CODE_ACCESS.export);
    const pkg = await ctx.transact((db) => repo.findPackage(db, ctx.tenantId, id));
    if (!pkg) throw TraceCodeErrors.packageNotFound();
    const f = FILES[which];
    const key = pkg[f.key];
    if (pkg.status !== 'ready' || !key) throw TraceCodeErrors.notReady();
    const body = await this.platform.storage.get(key);
    if (!body) throw TraceCodeErrors.fileGone();
    return { body, contentType: f.contentType, fileName: `${pkg.packageCode}.${f.ext}` };
  }
}

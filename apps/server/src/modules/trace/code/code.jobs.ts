import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buildDigitalLink, isGs1AiValue } from '@tilth/contracts/gs1-digital-link';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { TRACE_CODE_ZIP_PNG_MAX } from '@tilth/contracts/trace-code.types';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import pino from 'pino';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Job, JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { queueRunnerJobs, runnerPerKey, TenantQueueRunner } from '../../../platform/queue-runner.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { findTraceBatchForCodes, type TraceBatchForCodes } from '../catalog/index.js';
import { traceHost } from './code.config.js';
import { TraceCodeErrors } from './code.errors.js';
import { LabelSheet, qrMatrix, qrPng } from './code.labels.js';
import {
  claimPackage,
  deletePackageCodes,
  insertCodes,
  nextClaimable,
  type PackageRow,
  setPackageState,
} from './code.repository.js';
import { codePrefixOf, randomSerials } from './code.serials.js';

// Code packages are made here, one at a time per process: the serials (inserted in chunks, collisions
// topped up), then one pass over them drawing the label sheet (PDF, streamed to storage page by page),
// the CSV and — up to TRACE_CODE_ZIP_PNG_MAX codes — one QR PNG each into the ZIP (streamed too); above
// that the ZIP holds the CSV and the PDF. A row is claimed in the database; the heartbeat moves with the
// progress, and a 'generating' row silent for TRACE_CODE_STALE_MS lost its process and is redone.

const TICK_MS = Number(process.env.TILTH_TRACE_CODE_TICK ?? 30_000);
export const TRACE_CODE_STALE_MS = 2 * 60_000;
const BEAT_MS = 500;
// Rows per insert: 5 parameters each stays far below PostgreSQL's 65,535 bind parameters.
const CHUNK = 5000;

class Lost extends Error {}

const quiet = pino({ level: 'silent' });

/** The job reads the catalogue as the package's tenant; it acts for nobody (user 0, no permission). */
export const jobCtx = (db: Db, tenantId: number): Ctx => ({
  user: {
    id: 0,
    loginName: 'trace-code-job',
    realName: 'trace-code-job',
    platformAdmin: false,
    sessionId: '',
  },
  tenantId,
  lang: 'zh-CN',
  timeZone: DEFAULT_TIME_ZONE,
  db,
  permissions: new Set(),
  log: quiet,
  transact: (fn) => fn(db),
});

const yieldToIo = () => new Promise<void>((r) => setImmediate(r));

/** Storage keys of one attempt (a redo writes new ones, so a half-written file is never served). */
export const packageKeys = (tenantId: number, packageId: number, attempt: string) => {
  const dir = `trace/codes/${tenantId}/${packageId}/${attempt}`;
  return { pdfKey: `${dir}/labels.pdf`, csvKey: `${dir}/codes.csv`, zipKey: `${dir}/codes.zip` };
};

/** The scheme a batch's codes use: gs1 when its product has a GTIN and its lot fits AI 10. */
export const schemeOf = (b: Pick<TraceBatchForCodes, 'gtin' | 'batchCode'>): 'gs1' | 'tenant' =>
  b.gtin && isGs1AiValue(b.batchCode) ? 'gs1' : 'tenant';

export class TraceCodeRunner extends TenantQueueRunner<PackageRow> {
  constructor(
    private readonly platform: Platform,
    log: () => JobLog,
  ) {
    super('trace-codes', () => listTenantIds(platform.database.db), log);
  }

  protected claim(tenantId: number): Promise<PackageRow | null | undefined> {
    const staleBefore = Date.now() - TRACE_CODE_STALE_MS;
    return this.platform.database.withTenant(tenantId, async (tx) => {
      const id = await nextClaimable(tx, tenantId, staleBefore);
      return id === undefined ? undefined : ((await claimPackage(tx, tenantId, id, staleBefore)) ?? null);
    });
  }

  protected run(row: PackageRow): Promise<void> {
    return this.make(row);
  }

  private async make(row: PackageRow): Promise<void> {
    const { storage, database, config } = this.platform;
    const keys = packageKeys(row.tenantId, row.id, randomUUID());
    const db = <T>(fn: Parameters<typeof database.withTenant<T>>[1]) => database.withTenant(row.tenantId, fn);
    let lastBeat = row.heartbeatAt ?? 0;
    let progress = 0;
    let lost = false;
    const state = async (v: Parameters<typeof setPackageState>[4]) => {
      const r = await db((tx) => setPackageState(tx, row.tenantId, row.id, lastBeat, v));
      if (!r) lost = true;
      else lastBeat = r.beat;
      return r !== undefined;
    };
    let beat = Promise.resolve();
    const timer = setInterval(() => {
      beat = beat
        .then(async () => {
          if (!lost) await state({ progress: Math.min(99, Math.floor(progress)) });
        })
        .catch((err: unknown) => this.log().error({ err }, 'trace code progress not written'));
    }, BEAT_MS);
    const check = () => {
      if (lost) throw new Lost();
    };
    try {
      const batch = await db((tx) => findTraceBatchForCodes(jobCtx(tx, row.tenantId), row.traceBatchId));
      if (!batch || batch.status === 'withdrawn') throw TraceCodeErrors.failedLost();
      const host = traceHost(config);
      const scheme = row.codeScheme === 'gs1' && schemeOf(batch) === 'gs1' ? 'gs1' : 'tenant';
      const prefix = scheme === 'gs1' ? '' : codePrefixOf(row.tenantId, batch.codePrefix);
      await db((tx) => deletePackageCodes(tx, row.tenantId, row.id));
      const serials = await this.serials(row, prefix, (p) => {
        progress = 15 * p;
        check();
      });
      const link = (serial: string) =>
        scheme === 'gs1'
          ? buildDigitalLink({ scheme, host, gtin: batch.gtin as string, lot: batch.batchCode, serial })
          : buildDigitalLink({ scheme, host, tenantId: row.tenantId, serial });
      // The short URL works for every scheme (the serial is unique in the tenant): what a person types.
      const shortUrl = (serial: string) =>
        buildDigitalLink({ scheme: 'tenant', host, tenantId: row.tenantId, serial }).replace(
          /^https?:\/\//,
          '',
        );

      const sheet = new LabelSheet(
        { productName: batch.productName, lot: batch.batchCode, lotLabel: '批次 Lot' },
        `${batch.productName} ${batch.batchCode} ${row.packageCode}`,
      );
      const pdfDone = storage.put(keys.pdfKey, sheet.doc as unknown as Readable);
      const withPngs = row.quantity <= TRACE_CODE_ZIP_PNG_MAX;
      const zipOut = new PassThrough();
      const zip = new Zip((err, chunk, final) => {
        if (err) zipOut.destroy(err);
        else {
          zipOut.write(chunk);
          if (final) zipOut.end();
        }
      });
      const zipDone = storage.put(keys.zipKey, zipOut);
      const csv: string[] = ['seq,serial,url'];
      for (const [i, serial] of serials.entries()) {
        const url = link(serial);
        csv.push(`${i + 1},${serial},${url}`);
        const m = qrMatrix(url);
        sheet.add({ serial, url, shortUrl: shortUrl(serial) }, m);
        if (withPngs) {
          const f = new ZipPassThrough(`qr/${String(i + 1).padStart(6, '0')}-${serial}.png`);
          zip.add(f);
          f.push(qrPng(m), true);
        }
        if (i % 24 === 23) {
          progress = 15 + (75 * (i + 1)) / serials.length;
          check();
          // Lets the PDF and ZIP streams drain to storage (and the heartbeat run) between pages.
          await yieldToIo();
          if (zipOut.writableNeedDrain) await new Promise((r) => zipOut.once('drain', r));
        }
      }
      sheet.end();
      await pdfDone;
      progress = 92;
      const csvBytes = Buffer.from(`${csv.join('\r\n')}\r\n`);
      await storage.put(keys.csvKey, Readable.from([csvBytes]));
      const csvEntry = new ZipDeflate('codes.csv', { level: 6 });
      zip.add(csvEntry);
      csvEntry.push(csvBytes, true);
      if (!withPngs) {
        const pdfEntry = new ZipPassThrough('labels.pdf');
        zip.add(pdfEntry);
        const pdf = await storage.get(keys.pdfKey);
        if (!pdf) throw TraceCodeErrors.fileGone();
        for await (const c of pdf) {
          pdfEntry.push(c as Uint8Array);
          if (zipOut.writableNeedDrain) await new Promise((r) => zipOut.once('drain', r));
        }
        pdfEntry.push(new Uint8Array(0), true);
      }
      zip.end();
      await zipDone;
      clearInterval(timer);
      await beat;
      check();
      if (!(await state({ status: 'ready', progress: 100, ...keys }))) throw new Lost();
    } catch (err) {
      clearInterval(timer);
      await beat.catch(() => undefined);
      await Promise.all(Object.values(keys).map((k) => storage.remove(k).catch(() => undefined)));
      if (!(err instanceof Lost)) {
        const code = err instanceof AppError ? err.code : TraceCodeErrors.defs.failed.code;
        if (code === TraceCodeErrors.defs.failed.code)
          this.log().error({ err, id: row.id }, 'trace codes failed');
        await state({ status: 'failed', error: code }).catch(() => undefined);
      }
    } finally {
      clearInterval(timer);
    }
  }

  /** `quantity` serials new for the tenant, inserted with seq 1…n; a collision gets a new random serial. */
  private async serials(row: PackageRow, prefix: string, onProgress: (p: number) => void): Promise<string[]> {
    const out: string[] = new Array(row.quantity);
    for (let from = 0; from < row.quantity; from += CHUNK) {
      let seqs = Array.from({ length: Math.min(CHUNK, row.quantity - from) }, (_, i) => from + i + 1);
      while (seqs.length > 0) {
        const fresh = randomSerials(seqs.length, prefix);
        const inserted = await this.platform.database.withTenant(row.tenantId, (tx) =>
          insertCodes(
            tx,
            seqs.map((seq, i) => ({
              tenantId: row.tenantId,
              serial: fresh[i] as string,
              packageId: row.id,
              traceBatchId: row.traceBatchId,
              seq,
            })),
          ),
        );
        const missing: number[] = [];
        for (const [i, seq] of seqs.entries()) {
          const serial = fresh[i] as string;
          // Taken already (in the tenant, or twice in this draw): that seq draws again.
          if (inserted.has(serial)) {
            out[seq - 1] = serial;
            inserted.delete(serial);
          } else missing.push(seq);
        }
        seqs = missing;
      }
      onProgress(Math.min(1, (from + CHUNK) / row.quantity));
      await yieldToIo();
    }
    return out;
  }
}

/** The process's runner (the create route kicks it; the job sweeps and stops it). */
export const traceCodeRunnerOf = runnerPerKey(
  (platform: Platform, log) => new TraceCodeRunner(platform, log),
);

/** Sweeps every tenant's queued packages (also those a restart interrupted, once their heartbeat is stale). */
export const traceCodeJobs = (platform: Platform, log: () => JobLog): Job[] =>
  queueRunnerJobs('trace-code-packages', TICK_MS, () => traceCodeRunnerOf(platform, log), log);

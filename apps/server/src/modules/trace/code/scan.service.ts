import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  TRACE_SCAN_FAR_KM,
  TRACE_SCAN_FAR_MINUTES,
  TRACE_SCAN_MANY_CLIENTS,
  TRACE_SCAN_SUSPICIOUS_COUNT,
  type TraceScanListQuery,
  type TraceScanPage,
  type TraceScanReason,
} from '@tilth/contracts/trace-code.types';
import { putSettingOnce, readSetting } from '../../../platform/auth/keys.repository.js';
import type { Db } from '../../../platform/db/client.js';
import { pageAnswer } from '../../../platform/db/paging.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { dayEnd, dayOf, dayStart } from '../../../platform/time/zone.js';
import { TRACE_CODE_ACCESS } from './code.access.js';
import { clientFamily, clientKeyOf, coarse, distanceKm } from './scan.client.js';
import * as repo from './scan.repository.js';

// Scans of trace codes: recorded by the public page (part D calls recordTraceScan from its signed-out
// route), listed on trace/record. A scan keeps a coarse place, a client family and a keyed hash of the
// address — never the address or the full user agent.

export interface TraceScanInput {
  serial: string;
  lat?: number | null | undefined;
  lng?: number | null | undefined;
  region?: string | null | undefined;
  userAgent?: string | null | undefined;
  clientIp?: string | null | undefined;
}

export interface TraceScanResult {
  traceBatchId: number;
  scanNo: number;
  firstScanAt: Date;
  voided: boolean;
  suspicious: boolean;
  suspicionReason: TraceScanReason | null;
  /** Lets the page that counted this scan add its coarse place later (attachScanPlace), and nothing else. */
  placeToken: string;
}

const SCAN_KEY_SETTING = 'trace.scan.key';

/** The server's key for client hashes: made once, kept in platform settings like the JWT secret. */
const scanKey = async (db: Db): Promise<string> =>
  (await readSetting(db, SCAN_KEY_SETTING)) ??
  (await putSettingOnce(db, SCAN_KEY_SETTING, randomBytes(32).toString('base64')));

/** How long after a scan its page may still add the visitor's coarse place. */
export const TRACE_SCAN_PLACE_WINDOW_MINUTES = 30;

const placeTokenOf = (key: string, tenantId: number, serial: string, scanNo: number): string =>
  createHmac('sha256', key).update(`place:${tenantId}:${serial}:${scanNo}`).digest('base64url').slice(0, 32);

const tenantOf = (ctx: Ctx): number => {
  if (ctx.tenantId === null) throw new Error('recordTraceScan needs a tenant');
  return ctx.tenantId;
};

/** Which rule (if any) makes this scan suspicious; the numbers are in the contracts (TRACE_SCAN_*). */
const suspicion = async (
  db: Db,
  tenantId: number,
  s: { serial: string; scanNo: number; voided: boolean; lat: number | null; lng: number | null; at: Date },
  clientKey: string | null,
): Promise<TraceScanReason | null> => {
  if (s.voided) return 'voided';
  if (s.lat !== null && s.lng !== null) {
    const since = new Date(s.at.getTime() - TRACE_SCAN_FAR_MINUTES * 60_000);
    const here = { lat: s.lat, lng: s.lng };
    const places = await repo.recentPlaces(db, tenantId, s.serial, since);
    if (places.some((p) => distanceKm(here, { lat: Number(p.lat), lng: Number(p.lng) }) > TRACE_SCAN_FAR_KM))
      return 'distance';
  }
  if (clientKey) {
    const keys = new Set(
      await repo.recentClients(db, tenantId, s.serial, new Date(s.at.getTime() - 86_400_000)),
    );
    keys.add(clientKey);
    if (keys.size >= TRACE_SCAN_MANY_CLIENTS) return 'clients';
  }
  if (s.scanNo > TRACE_SCAN_SUSPICIOUS_COUNT) return 'count';
  return null;
};

/**
 * Records one scan of a code of ctx's tenant (signed out: the public page's route sets the tenant); null
 * for a serial the tenant never issued (nothing is written then).
 */
export const recordTraceScan = async (ctx: Ctx, input: TraceScanInput): Promise<TraceScanResult | null> => {
  requireAccess(ctx, 'public');
  const tenantId = tenantOf(ctx);
  if (!/^[A-Za-z0-9]{1,20}$/.test(input.serial)) return null;
  const at = new Date();
  return ctx.transact(async (db) => {
    const code = await repo.countScan(db, tenantId, input.serial, at);
    if (!code) return null;
    const lat = coarse(input.lat, 90);
    const lng = lat === null ? null : coarse(input.lng, 180);
    const place = lng === null ? { lat: null, lng: null } : { lat, lng };
    const key = await scanKey(db);
    const clientKey = clientKeyOf(key, input.clientIp);
    const voided = code.voidedAt !== null;
    const reason = await suspicion(
      db,
      tenantId,
      { serial: input.serial, scanNo: code.scanNo, voided, ...place, at },
      clientKey,
    );
    await repo.insertScan(db, {
      tenantId,
      serial: input.serial,
      traceBatchId: code.traceBatchId,
      scannedAt: at,
      scanNo: code.scanNo,
      lat: place.lat === null ? null : place.lat.toFixed(1),
      lng: place.lng === null ? null : place.lng.toFixed(1),
      region: input.region?.trim().slice(0, 60) || null,
      client: clientFamily(input.userAgent),
      clientKey,
      suspicious: reason !== null,
      suspicionReason: reason,
    });
    return {
      traceBatchId: code.traceBatchId,
      scanNo: code.scanNo,
      firstScanAt: code.firstScanAt ?? at,
      voided,
      suspicious: reason !== null,
      suspicionReason: reason,
      placeToken: placeTokenOf(key, tenantId, input.serial, code.scanNo),
    };
  });
};

export interface TraceScanPlaceInput {
  serial: string;
  scanNo: number;
  token: string;
  lat?: number | null | undefined;
  lng?: number | null | undefined;
  /** The visitor's time zone or region name, as their browser reports it. */
  region?: string | null | undefined;
}

/**
 * Adds the coarse place a visitor chose to share to the scan their page counted (signed out): the token
 * the page got with the scan proves it is that page's scan; only within TRACE_SCAN_PLACE_WINDOW_MINUTES.
 * False (nothing written) for a wrong token, an unknown or old scan.
 */
export const attachScanPlace = async (ctx: Ctx, input: TraceScanPlaceInput): Promise<boolean> => {
  requireAccess(ctx, 'public');
  const tenantId = tenantOf(ctx);
  if (!/^[A-Za-z0-9]{1,20}$/.test(input.serial)) return false;
  return ctx.transact(async (db) => {
    const expected = Buffer.from(placeTokenOf(await scanKey(db), tenantId, input.serial, input.scanNo));
    const given = Buffer.from(input.token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const lat = coarse(input.lat, 90);
    const lng = lat === null ? null : coarse(input.lng, 180);
    const at = new Date();
    const since = new Date(at.getTime() - TRACE_SCAN_PLACE_WINDOW_MINUTES * 60_000);
    let reason: TraceScanReason | null = null;
    if (lat !== null && lng !== null) {
      const far = new Date(at.getTime() - TRACE_SCAN_FAR_MINUTES * 60_000);
      const places = await repo.recentPlaces(db, tenantId, input.serial, far);
      if (
        places.some(
          (p) => distanceKm({ lat, lng }, { lat: Number(p.lat), lng: Number(p.lng) }) > TRACE_SCAN_FAR_KM,
        )
      )
        reason = 'distance';
    }
    return repo.updateScanPlace(db, tenantId, input.serial, input.scanNo, since, {
      lat: lat === null || lng === null ? null : lat.toFixed(1),
      lng: lat === null || lng === null ? null : lng.toFixed(1),
      region: input.region?.trim().slice(0, 60) || null,
      reason,
    });
  });
};

/** The batch of a serial and whether it is void, without counting a scan; null for an unknown serial. */
export const resolveTraceSerial = async (
  ctx: Ctx,
  serial: string,
): Promise<{
  traceBatchId: number;
  packageId: number;
  voided: boolean;
  voidReason: string | null;
} | null> => {
  requireAccess(ctx, 'public');
  const tenantId = tenantOf(ctx);
  if (!/^[A-Za-z0-9]{1,20}$/.test(serial)) return null;
  const code = await ctx.transact((db) => repo.findCode(db, tenantId, serial));
  if (!code) return null;
  return {
    traceBatchId: code.traceBatchId,
    packageId: code.packageId,
    voided: code.voidedAt !== null,
    voidReason: code.voidReason,
  };
};

/** The overview's figures: codes issued, and scans since the first day of this month (tenant zone). */
export const traceCodeCounts = async (ctx: Ctx): Promise<{ codesIssued: number; scansThisMonth: number }> => {
  requireTenant(ctx);
  requireAccess(ctx, TRACE_CODE_ACCESS.counts);
  const monthStart = dayStart(`${dayOf(new Date(), ctx.timeZone).slice(0, 7)}-01`, ctx.timeZone);
  return ctx.transact(async (db) => ({
    codesIssued: await repo.countCodes(db, ctx.tenantId),
    scansThisMonth: await repo.countScansSince(db, ctx.tenantId, monthStart),
  }));
};

/** trace/record: scans newest first with a summary of the same filter. */
export const listTraceScans = async (ctx: Ctx, q: TraceScanListQuery): Promise<TraceScanPage> => {
  requireTenant(ctx);
  requireAccess(ctx, TRACE_CODE_ACCESS.scans);
  const f: repo.ScanFilter = {
    from: q.from ? dayStart(q.from, ctx.timeZone) : undefined,
    to: q.to ? dayEnd(q.to, ctx.timeZone) : undefined,
    traceBatchId: q.traceBatchId,
    serial: q.serial || undefined,
    suspicious: q.suspicious === undefined ? undefined : q.suspicious === '1',
  };
  return ctx.transact(async (db) => {
    const rows = await repo.listScans(db, ctx.tenantId, f, q.size, q.page * q.size);
    const summary = await repo.scanSummary(db, ctx.tenantId, f);
    const content = rows.map((r) => ({
      scanId: r.id,
      scannedAt: r.scannedAt.toISOString(),
      serial: r.serial,
      traceBatchId: r.traceBatchId,
      productName: r.productName,
      batchCode: r.batchCode,
      scanNo: r.scanNo,
      lat: r.lat === null ? null : Number(r.lat),
      lng: r.lng === null ? null : Number(r.lng),
      region: r.region,
      client: r.client,
      suspicious: r.suspicious,
      suspicionReason: (r.suspicionReason as TraceScanReason | null) ?? null,
    }));
    return { ...pageAnswer(content, summary.scans, q), summary };
  });
};

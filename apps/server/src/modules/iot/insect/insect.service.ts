import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts/common.types';
import {
  type DrawBody,
  INSECT_DEVICE_TYPES,
  type InsectRecord,
  type InsectRecordQuery,
  type InsectTrendPoint,
  type InsectTrendQuery,
} from '@tilth/contracts/insect.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { parseDeviceUsername, secretMatches } from '../../../platform/iot/device-secret.js';
import { dayOf } from '../../../platform/time/zone.js';
import { fileUrlOf, insertFile } from '../../messaging/file/index.js';
import { findDevice, findDeviceByEui } from '../device/index.js';
import { RECORD_ACCESS, recordCode, visibilityOf } from './insect.access.js';
import { InsectErrors } from './insect.errors.js';
import { countBoxes, type Identification, type InsectIdentifier } from './insect.identify.js';
import { materializeDemoPhoto, photoType } from './insect.photo.js';
import * as repo from './insect.repository.js';
import { resolveRange } from './insect.time.js';

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

export interface AuthedDevice {
  tenantId: number;
  device: repo.PhotoDevice;
  eui: string;
}

/** Trap photos and their counts: device uploads, listing, drawing, re-identification, the pest trend. */
export class InsectService {
  constructor(
    private readonly storage: FileStorage,
    private readonly identifier: InsectIdentifier,
  ) {}

  /**
   * A device calling with its broker credentials (HTTP Basic: {tenantId}/{typeKey}/{eui} and its secret).
   * Any mismatch — another tenant's username, an unknown device, a wrong or missing secret — is the same 401.
   */
  async authenticateDevice(ctx: Ctx, authorization: string | undefined): Promise<AuthedDevice> {
    requireAccess(ctx, 'public');
    const tenantId = ctx.tenantId;
    const m = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(authorization ?? '');
    const decoded = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const address = colon > 0 ? parseDeviceUsername(decoded.slice(0, colon)) : undefined;
    const secret = colon > 0 ? decoded.slice(colon + 1) : '';
    if (
      tenantId === null ||
      !address ||
      address.tenantId !== tenantId ||
      !(INSECT_DEVICE_TYPES as readonly string[]).includes(address.typeKey)
    ) {
      throw InsectErrors.deviceUnauthorized();
    }
    const device = await ctx.transact((db) => findDeviceByEui(db, tenantId, address.typeKey, address.eui));
    if (!device?.secretHash || device.enabledFlag === 0 || !secretMatches(secret, device.secretHash)) {
      throw InsectErrors.deviceUnauthorized();
    }
    return { tenantId, device, eui: address.eui };
  }

  /** Checks, identifies and stores a device's photo as a new record; nothing is kept when any step fails. */
  async storeDevicePhoto(ctx: Ctx, from: AuthedDevice, image: Buffer, takenAt: Date) {
    const type = photoType(image);
    if (!type) throw InsectErrors.notPhoto();
    const found = await this.identify(image);
    const { tenantId, device } = from;
    const fileId = randomUUID();
    const month = `${takenAt.getUTCFullYear()}/${String(takenAt.getUTCMonth() + 1).padStart(2, '0')}`;
    const storageKey = `${tenantId}/insect/${month}/${fileId}`;
    await this.storage.put(storageKey, Readable.from([image]));
    try {
      const id = await ctx.transact(async (db) => {
        const recordId = await repo.insertRecord(db, tenantId, null, {
          deviceId: device.id,
          areaId: device.areaId,
          takenAt,
          counts: found.counts,
          boxes: found.boxes,
          source: 'device',
          identifiedFlag: 1,
          description: null,
          fileId,
        });
        await insertFile(db, {
          tenantId,
          id: fileId,
          attachmentUuid: null,
          bucketName: 'insect',
          fileName: `${from.eui}-${dayOf(takenAt, ctx.timeZone)}-${recordId}.${type.ext}`,
          contentType: type.contentType,
          fileSize: image.length,
          storageKey,
          createdBy: null,
        });
        return recordId;
      });
      return { id, total: found.boxes.length, counts: found.counts };
    } catch (err) {
      await this.storage.remove(storageKey).catch(() => undefined);
      throw err;
    }
  }

  async list(ctx: Ctx, q: InsectRecordQuery): Promise<Page<InsectRecord>> {
    requireTenant(ctx);
    requireAccess(ctx, RECORD_ACCESS.view);
    const all = q.size === 0;
    const range = q.startTime || q.endTime ? resolveRange(q.startTime, q.endTime, ctx.timeZone) : undefined;
    const { rows, total } = await repo.listRecords(
      ctx.db,
      ctx.tenantId,
      {
        deviceId: q.deviceId,
        areaId: q.areaId,
        source: q.source,
        name: q.name?.trim() || undefined,
        from: range?.from,
        to: range?.to,
      },
      visibilityOf(ctx),
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(await this.views(ctx, rows), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<InsectRecord> {
    requireTenant(ctx);
    requireAccess(ctx, RECORD_ACCESS.view);
    return this.load(ctx, id);
  }

  /** Runs identification on the stored photo again and replaces the boxes and counts. */
  async reidentify(ctx: Ctx, id: number): Promise<InsectRecord> {
    requireTenant(ctx);
    requireAccess(ctx, RECORD_ACCESS.edit);
    const current = await this.editable(ctx, id);
    const image = await this.photoBytes(ctx, current.fileId);
    const found = await this.identify(image);
    await this.save(ctx, current, current.objectVersionNumber, {
      boxes: found.boxes,
      counts: found.counts,
      source: 'identified',
      identifiedFlag: 1,
    });
    return this.load(ctx, id);
  }

  /** Replaces the boxes with those drawn by hand and recounts (source 'drawn'). */
  async draw(ctx: Ctx, id: number, body: DrawBody): Promise<InsectRecord> {
    requireTenant(ctx);
    requireAccess(ctx, RECORD_ACCESS.edit);
    const current = await this.editable(ctx, id);
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const files =
      current.fileId === null ? [] : await repo.photoFiles(ctx.db, ctx.tenantId, [current.fileId]);
    if (files.length === 0) throw InsectErrors.noPhoto();
    const boxes = body.boxes.map((b) => ({ name: b.name, box: b.box }));
    await this.save(ctx, current, body.objectVersionNumber, {
      boxes,
      counts: countBoxes(boxes),
      source: 'drawn',
      identifiedFlag: 1,
    });
    return this.load(ctx, id);
  }

  /** Spec 02 §2 pest modal: Σ per farm day per insect name of one trap, default the last month. */
  async trend(ctx: Ctx, q: InsectTrendQuery): Promise<InsectTrendPoint[]> {
    requireTenant(ctx);
    requireAccess(ctx, RECORD_ACCESS.view);
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const vis = visibilityOf(ctx);
    const device = await findDevice(ctx.db, ctx.tenantId, q.deviceId);
    if (!device || !vis.deviceTypes.includes(device.typeKey as (typeof vis.deviceTypes)[number])) {
      throw InsectErrors.deviceNotFound();
    }
    const rows = await repo.dailyCounts(
      ctx.db,
      ctx.tenantId,
      { deviceId: q.deviceId, from: range.from, to: range.to },
      vis,
      ctx.timeZone,
    );
    return rows.map((r) => ({ name: r.name, insectQuantity: r.n, creationDate: r.day }));
  }

  async identify(image: Buffer): Promise<Identification> {
    try {
      return await this.identifier.identify(image);
    } catch {
      throw InsectErrors.unreadablePhoto();
    }
  }

  /** A visible record the caller may edit (the edit code of its device type). */
  async editable(ctx: TenantCtx, id: number): Promise<repo.RecordView> {
    const current = await repo.findRecord(ctx.db, ctx.tenantId, id, visibilityOf(ctx), 'update');
    if (!current) throw InsectErrors.recordNotFound();
    requireAccess(ctx, recordCode(current.deviceType, 'edit'));
    return current;
  }

  async save(
    ctx: TenantCtx,
    current: repo.RecordView,
    version: number,
    changes: Partial<repo.RecordValues>,
  ): Promise<void> {
    if (!(await repo.updateRecord(ctx.db, ctx.tenantId, current.id, version, ctx.user.id, changes))) {
      throw CommonErrors.stale();
    }
  }

  async load(ctx: TenantCtx, id: number): Promise<InsectRecord> {
    const row = await repo.findRecord(ctx.db, ctx.tenantId, id, visibilityOf(ctx));
    if (!row) throw InsectErrors.recordNotFound();
    const [view] = await this.views(ctx, [row]);
    if (!view) throw InsectErrors.recordNotFound();
    return view;
  }

  private async photoBytes(ctx: TenantCtx, fileId: string | null): Promise<Buffer> {
    const [file] = fileId === null ? [] : await repo.photoFiles(ctx.db, ctx.tenantId, [fileId]);
    if (!file) throw InsectErrors.noPhoto();
    await materializeDemoPhoto(ctx.db, this.storage, ctx.tenantId, file);
    const body = await this.storage.get(file.storageKey);
    if (!body) throw InsectErrors.noPhoto();
    return readAll(body);
  }

  /** Record rows as the API shows them, with the photo of each (one query for the page). */
  async views(ctx: TenantCtx, rows: readonly repo.RecordView[]): Promise<InsectRecord[]> {
    const ids = rows.flatMap((r) => (r.fileId === null ? [] : [r.fileId]));
    const files = await repo.photoFiles(ctx.db, ctx.tenantId, ids);
    // Demo photos are drawn when first listed, before the console asks for their bytes.
    for (const f of files) await materializeDemoPhoto(ctx.db, this.storage, ctx.tenantId, f);
    const stored = new Set(files.map((f) => f.id));
    return rows.map((r) => {
      // A record whose photo file is gone shows no photo.
      const fileId = r.fileId !== null && stored.has(r.fileId) ? r.fileId : null;
      return {
        id: r.id,
        deviceId: r.deviceId,
        deviceName: r.deviceName,
        deviceType: r.deviceType,
        areaId: r.areaId,
        fileId,
        fileUrl: fileId ? fileUrlOf(ctx.tenantId, fileId) : null,
        takenAt: r.takenAt.toISOString(),
        counts: r.counts,
        total: r.counts.reduce((a, c) => a + c.count, 0),
        boxes: r.boxes,
        source: r.source,
        identifiedFlag: r.identifiedFlag,
        description: r.description,
        objectVersionNumber: r.objectVersionNumber,
        creationDate: r.creationDate.toISOString(),
      };
    });
  }
}

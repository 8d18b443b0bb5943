import type { Page } from '@tilth/contracts/common.types';
import {
  INSECT_DEVICE_TYPES,
  type InsectCounts,
  type InsectRecord,
  type InsectType,
  type InsectTypeQuery,
  type PieSlice,
  type StatisticsCreateBody,
  type StatisticsRangeQuery,
  type StatisticsUpdateBody,
  type TypeTrend,
} from '@tilth/contracts/insect.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { addDays, dayOf, dayStart, timeText } from '../../../platform/time/zone.js';
import { findBase } from '../../farm/area/index.js';
import { deleteFile } from '../../messaging/file/index.js';
import { findDevice, parseHistoryTime } from '../device/index.js';
import { buildWorkbook, sheet } from '../report/index.js';
import { recordCode, STATISTICS_ACCESS, visibilityOf } from './insect.access.js';
import { InsectErrors } from './insect.errors.js';
import * as repo from './insect.repository.js';
import type { InsectService } from './insect.service.js';
import { daysOf, resolveRange } from './insect.time.js';
import { findType, listTypes, type TypeRow } from './insect-type.repository.js';

export const toType = (r: TypeRow): InsectType => ({
  id: r.id,
  name: r.name,
  nameEn: r.nameEn,
  latinName: r.latinName,
  category: r.category,
  description: r.description,
  platform: r.tenantId === 0,
});

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** Pest statistics (spec 02 §7): insect types, manual entries, pie, trends, counts and the export. */
export class InsectStatisticsService {
  constructor(
    private readonly records: InsectService,
    private readonly storage: FileStorage,
  ) {}

  async types(ctx: Ctx, q: InsectTypeQuery): Promise<Page<InsectType>> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.read);
    const all = q.size === 0;
    const { rows, total } = await listTypes(
      ctx.db,
      ctx.tenantId,
      q.name?.trim() || undefined,
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toType), total, q);
  }

  async create(ctx: Ctx, body: StatisticsCreateBody): Promise<InsectRecord> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.create);
    const values = await this.values(ctx, body);
    const id = await repo.insertRecord(ctx.db, ctx.tenantId, ctx.user.id, values);
    return this.records.load(ctx, id);
  }

  /** Edits a manual entry; photo records are corrected by drawing instead. */
  async update(ctx: Ctx, body: StatisticsUpdateBody): Promise<InsectRecord> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.edit);
    const current = await repo.findRecord(ctx.db, ctx.tenantId, body.id, visibilityOf(ctx), 'update');
    if (!current) throw InsectErrors.recordNotFound();
    if (current.source !== 'manual') throw InsectErrors.notManual();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const values = await this.values(ctx, body);
    await this.records.save(ctx, current, body.objectVersionNumber, values);
    return this.records.load(ctx, current.id);
  }

  /** Deletes a record (manual: delPest; a device's: that type's delete code) and its photo. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, [
      STATISTICS_ACCESS.delete,
      ...INSECT_DEVICE_TYPES.map((t) => recordCode(t, 'delete')),
    ]);
    const current = await repo.findRecord(ctx.db, ctx.tenantId, id, visibilityOf(ctx), 'update');
    if (!current) throw InsectErrors.recordNotFound();
    requireAccess(ctx, recordCode(current.deviceType, 'delete'));
    await repo.deleteRecord(ctx.db, ctx.tenantId, id);
    const photo =
      current.fileId === null ? undefined : await deleteFile(ctx.db, ctx.tenantId, current.fileId);
    // Bytes go last; a failed removal only leaves an orphan file on disk.
    if (photo) await this.storage.remove(photo.storageKey).catch(() => undefined);
    return { success: true };
  }

  /** Share of each insect over the range (default the last month). */
  async pie(ctx: Ctx, q: StatisticsRangeQuery): Promise<PieSlice[]> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.read);
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const rows = await repo.totalsByName(
      ctx.db,
      ctx.tenantId,
      { deviceId: q.deviceId, areaId: q.areaId, from: range.from, to: range.to },
      visibilityOf(ctx),
    );
    const total = rows.reduce((a, r) => a + r.n, 0);
    return rows.map((r) => ({ name: r.name, value: r.n, percent: total ? round1((r.n / total) * 100) : 0 }));
  }

  /** One insect type's daily totals over all traps (every day of the range, zeros included). */
  async typeTrend(ctx: Ctx, typeId: number, q: StatisticsRangeQuery): Promise<TypeTrend> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.read);
    const type = await findType(ctx.db, ctx.tenantId, typeId);
    if (!type) throw InsectErrors.typeNotFound();
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const rows = await repo.dailyCounts(
      ctx.db,
      ctx.tenantId,
      { deviceId: q.deviceId, areaId: q.areaId, name: type.name, from: range.from, to: range.to },
      visibilityOf(ctx),
      ctx.timeZone,
    );
    const byDay = new Map(rows.filter((r) => r.name === type.name).map((r) => [r.day, r.n]));
    return {
      name: type.name,
      points: daysOf(range).map((d) => ({ creationDate: d, insectQuantity: byDay.get(d) ?? 0 })),
    };
  }

  /** Insects counted today, over the past 7 and the past 30 farm days (spec 02 §9 time windows). */
  async counts(ctx: Ctx, q: StatisticsRangeQuery, now = new Date()): Promise<InsectCounts> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.read);
    const today = dayOf(now, ctx.timeZone);
    const sum = async (days: number) => {
      const rows = await repo.totalsByName(
        ctx.db,
        ctx.tenantId,
        {
          deviceId: q.deviceId,
          areaId: q.areaId,
          from: dayStart(addDays(today, 1 - days), ctx.timeZone),
          to: new Date(dayStart(addDays(today, 1), ctx.timeZone).getTime() - 1),
        },
        visibilityOf(ctx),
      );
      return rows.reduce((a, r) => a + r.n, 0);
    };
    return { today: await sum(1), week: await sum(7), month: await sum(30) };
  }

  /** Records of the range as .xlsx: one row per record and insect, and a sheet of totals. */
  async exportXlsx(ctx: Ctx, q: StatisticsRangeQuery): Promise<Buffer> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.read);
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const filter = { deviceId: q.deviceId, areaId: q.areaId, from: range.from, to: range.to };
    const vis = visibilityOf(ctx);
    const { rows } = await repo.listRecords(ctx.db, ctx.tenantId, filter, vis, undefined, 0);
    const totals = await repo.totalsByName(ctx.db, ctx.tenantId, filter, vis);
    const zh = ctx.lang === 'zh-CN';
    const sourceName: Record<string, string> = zh
      ? { device: '设备拍摄', manual: '人工录入', drawn: '人工标注', identified: '重新识别' }
      : { device: 'Device', manual: 'Manual', drawn: 'Drawn', identified: 'Re-identified' };
    const label = (name: string) => (name === 'unidentified' ? (zh ? '未识别' : 'Unidentified') : name);
    const lines = rows.flatMap((r) =>
      (r.counts.length ? r.counts : [{ name: '', count: 0 }]).map((c) => ({ r, c })),
    );
    const range1 = `${zh ? '时间范围：' : 'Range: '}${range.firstDay} ~ ${range.lastDay}`;
    return buildWorkbook([
      sheet<(typeof lines)[number]>({
        name: zh ? '虫情记录' : 'Pest records',
        preamble: [zh ? '虫情统计' : 'Pest statistics', range1],
        columns: [
          {
            header: zh ? '时间' : 'Time',
            value: ({ r }) => timeText(r.takenAt, ctx.timeZone),
            width: 20,
          },
          { header: zh ? '设备' : 'Device', value: ({ r }) => r.deviceName ?? '', width: 20 },
          { header: zh ? '来源' : 'Source', value: ({ r }) => sourceName[r.source] ?? r.source },
          { header: zh ? '虫害名称' : 'Insect', value: ({ c }) => label(c.name), width: 16 },
          { header: zh ? '数量' : 'Count', value: ({ c }) => c.count, numFmt: '#,##0' },
        ],
        rows: lines,
      }),
      sheet<{ name: string; n: number }>({
        name: zh ? '汇总' : 'Totals',
        preamble: [range1],
        columns: [
          { header: zh ? '虫害名称' : 'Insect', value: (t) => label(t.name), width: 16 },
          { header: zh ? '数量' : 'Count', value: (t) => t.n, numFmt: '#,##0' },
        ],
        rows: totals,
      }),
    ]);
  }

  private async values(ctx: TenantCtx, body: StatisticsCreateBody): Promise<repo.RecordValues> {
    const takenAt = parseHistoryTime(body.takenAt, 'start', ctx.timeZone);
    if (!takenAt) throw InsectErrors.badTime();
    let areaId = body.areaId ?? null;
    const deviceId = body.deviceId ?? null;
    if (deviceId !== null) {
      const device = await findDevice(ctx.db, ctx.tenantId, deviceId);
      const vis = visibilityOf(ctx);
      if (!device || !(vis.deviceTypes as readonly string[]).includes(device.typeKey)) {
        throw InsectErrors.deviceNotFound();
      }
      areaId = areaId ?? device.areaId;
    }
    if (areaId !== null && !(await findBase(ctx.db, ctx.tenantId, areaId))) {
      throw InsectErrors.areaNotFound();
    }
    return {
      deviceId,
      areaId,
      takenAt,
      counts: body.counts.map((c) => ({ name: c.name, count: c.count })),
      boxes: [],
      source: 'manual',
      identifiedFlag: 0,
      description: body.description ?? null,
    };
  }
}

import type { Page } from '@tilth/contracts/common.types';
import type { SwitchItem } from '@tilth/contracts/control.types';
import type { CollectedDatum } from '@tilth/contracts/device.types';
import type {
  CanBindSwitchQuery,
  CollectionExportQuery,
  ConcentratorStatus,
  DelCollectionBody,
  GatewayLogItem,
  GatewayLogQuery,
  SwitchDetails,
} from '@tilth/contracts/device-family-ops.types';
import { DEVICE_TYPES, deviceTypeByKey, metricCell, metricOf } from '@tilth/contracts/device-types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import { timeText } from '../../../platform/time/zone.js';
import {
  ControlErrors,
  findChannel,
  listChannels,
  listControlLog,
  pendingByChannel,
  SwitchService,
} from '../control/index.js';
import {
  DeviceDataService,
  dropLatest,
  findDevice,
  historyRange,
  listStatusLog,
  readRawRows,
} from '../device/index.js';
import { buildWorkbook, sheet } from '../report/index.js';
import { ALL_TYPES, loadDevice, RTU } from './device-family.access.js';
import { FamilyErrors } from './device-family.errors.js';
import { childDevices, insertSetting } from './device-family.repository.js';
import { command } from './device-family.service.js';
import { clearHidden, HIDDEN_COLLECTION_KIND } from './gateway-ops.repository.js';

// Gateway operations of spec 02 §7 /device: deleting collection items, switches free to bind, the
// gateway log (status + commands), one switch's details, the concentrator's status and collected data
// export, RTU refresh-status, and the v2 collection list and history export.

/** Types of the gateway family (the concentrators of spec 02 §3). */
export const GATEWAY_TYPES: readonly string[] = DEVICE_TYPES.filter((t) => t.family === 'gateway').map(
  (t) => t.key,
);
const RECENT_SWITCH_COMMANDS = 10;
const EXPORT_MAX_ROWS = 100_000;

const iso = (d: Date | null | undefined): string | null => d?.toISOString() ?? null;

export class GatewayOpsService {
  private readonly switches: SwitchService;
  private readonly data = new DeviceDataService();

  constructor(private readonly platform: Platform) {
    this.switches = new SwitchService(platform);
  }

  /** The collected data cards of a device; the device data service leaves deleted items out. */
  private async visibleCollection(ctx: TenantCtx, id: number): Promise<CollectedDatum[]> {
    const { row } = await loadDevice(ctx, id, ALL_TYPES, 'view');
    return this.data.collection(ctx, row.id);
  }

  /**
   * Deletes collection items of a gateway (the type's control code, spec 02 §6 ps.delCollection): the
   * cards and their latest values go; history stays; an item the gateway reports again comes back.
   */
  async delCollection(ctx: Ctx, body: DelCollectionBody): Promise<number> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, body.id, GATEWAY_TYPES, 'control');
    const keys = [...new Set(body.collectionIds)];
    const unknown = keys.find((k) => !metricOf(row.typeKey, k));
    if (unknown)
      throw FamilyErrors.settingInvalid({ detail: `collectionIds: no item '${unknown.slice(0, 32)}'` });
    await clearHidden(ctx.db, ctx.tenantId, row.id, keys);
    for (const k of keys) {
      await insertSetting(ctx.db, ctx.tenantId, ctx.user.id, row.id, HIDDEN_COLLECTION_KIND, {
        name: k,
        data: { at: new Date().toISOString(), by: ctx.user.realName },
        enabledFlag: 1,
        sort: 0,
      });
    }
    await dropLatest(ctx.db, ctx.tenantId, row.id, keys);
    return 1;
  }

  /** Switches of a gateway not bound to a device yet (the given device's own binding stays listed). */
  async canBindSwitch(ctx: Ctx, q: CanBindSwitchQuery): Promise<SwitchItem[]> {
    const all = await this.switches.list(ctx, { concentratorId: q.concentratorId, page: 0, size: 0 });
    return all.content.filter((s) => s.relatedDeviceId === null || s.relatedDeviceId === q.deviceId);
  }

  /** One switch with its gateway, the device it powers and its latest commands. */
  async detailsSwitch(ctx: Ctx, switchId: number): Promise<SwitchDetails> {
    requireTenant(ctx);
    const channel = await findChannel(ctx.db, ctx.tenantId, switchId);
    if (channel?.kind !== 'switch') throw ControlErrors.channelNotFound();
    // Commands before the switch state: on PostgreSQL each statement sees the newest commit, and a done
    // command commits together with the state it leaves, so read in this order they never disagree.
    const { rows } = await listControlLog(
      ctx.db,
      ctx.tenantId,
      { channelIds: [switchId] },
      RECENT_SWITCH_COMMANDS,
      0,
    );
    const list = await this.switches.list(ctx, { concentratorId: channel.deviceId, page: 0, size: 0 });
    const item = list.content.find((s) => s.switchId === switchId);
    const gateway = await findDevice(ctx.db, ctx.tenantId, channel.deviceId);
    if (!item || !gateway) throw ControlErrors.channelNotFound();
    const related =
      channel.relatedDeviceId === null
        ? undefined
        : await findDevice(ctx.db, ctx.tenantId, channel.relatedDeviceId);
    const ref = (d: NonNullable<typeof related>) => ({
      id: d.id,
      name: d.name,
      eui: d.eui,
      deviceType: d.typeKey,
      online: d.online ? 1 : 0,
    });
    return {
      ...item,
      concentrator: ref(gateway),
      relatedDevice: related ? ref(related) : null,
      recentCommands: rows.map((r) => ({
        cmdId: r.id,
        sw: typeof r.params.sw === 'number' ? r.params.sw : null,
        state: r.state,
        message: r.message,
        userName: r.userName,
        createdAt: r.createdAt.toISOString(),
        finishedAt: iso(r.finishedAt),
      })),
    };
  }

  /** Online / offline changes and commands of a gateway, newest first. */
  async log(ctx: Ctx, q: GatewayLogQuery): Promise<Page<GatewayLogItem>> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, q.id, GATEWAY_TYPES, 'view');
    const all = q.size === 0;
    // Both sources newest first: the first (page + 1) × size of each cover the page of the merge.
    const take = all ? undefined : (q.page + 1) * q.size;
    const status =
      q.kind === 'command'
        ? { rows: [], total: 0 }
        : await listStatusLog(ctx.db, ctx.tenantId, { typeKeys: [row.typeKey], deviceId: row.id }, take, 0);
    const commands =
      q.kind === 'status'
        ? { rows: [], total: 0 }
        : await listControlLog(ctx.db, ctx.tenantId, { deviceId: row.id }, take, 0);
    const merged: (GatewayLogItem & { ms: number })[] = [
      ...status.rows.map((s) => ({
        kind: 'status' as const,
        time: s.at.toISOString(),
        ms: s.at.getTime(),
        online: s.online ? 1 : 0,
        source: s.source,
        action: null,
        state: null,
        message: s.reason,
        channelName: null,
        userName: null,
      })),
      ...commands.rows.map((c) => ({
        kind: 'command' as const,
        time: c.createdAt.toISOString(),
        ms: c.createdAt.getTime(),
        online: null,
        source: c.source,
        action: c.action,
        state: c.state,
        message: c.message,
        channelName: c.channelName,
        userName: c.userName,
      })),
    ].sort((a, b) => b.ms - a.ms);
    const total = status.total + commands.total;
    const slice = all ? merged : merged.slice(q.page * q.size, (q.page + 1) * q.size);
    return pageAnswer(
      slice.map(({ ms: _ms, ...rest }) => rest),
      total,
      q,
    );
  }

  /** A concentrator's health: link, last change, its nodes and its switches. */
  async status(ctx: Ctx, id: number): Promise<ConcentratorStatus> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, GATEWAY_TYPES, 'view');
    const [last] = (
      await listStatusLog(ctx.db, ctx.tenantId, { typeKeys: [row.typeKey], deviceId: row.id }, 1, 0)
    ).rows;
    const nodes = await childDevices(ctx.db, ctx.tenantId, row.id);
    const { rows: sws } = await listChannels(ctx.db, ctx.tenantId, row.id, 'switch', undefined);
    const pending = await pendingByChannel(
      ctx.db,
      ctx.tenantId,
      sws.map((s) => s.id),
    );
    return {
      id: row.id,
      name: row.name,
      eui: row.eui,
      deviceType: row.typeKey,
      online: row.online ? 1 : 0,
      lastSeenAt: iso(row.lastSeenAt),
      latestAt: iso(row.latestAt),
      lastChange: last
        ? { online: last.online ? 1 : 0, source: last.source, at: last.at.toISOString() }
        : null,
      nodes: { total: nodes.length, online: nodes.filter((n) => n.online).length },
      switches: {
        total: sws.length,
        on: sws.filter((s) => s.statusFlag !== 0).length,
        pending: pending.size,
      },
    };
  }

  /** RTU refresh-status: asks the device to report now; answers the switch states held until it does. */
  async refreshStatus(ctx: Ctx, id: number) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, RTU, 'control');
    const cmd = await command(this.platform, ctx, row.id, 'refresh');
    const { rows } = await listChannels(ctx.db, ctx.tenantId, row.id, 'switch', undefined);
    return {
      command: cmd,
      switches: rows.map((s) => ({ switchId: s.id, circuit: s.circuit, status: s.statusFlag })),
    };
  }

  /** v2 collection list: the collected data cards of a device, paged (size 0 = all). */
  async collectionList(
    ctx: Ctx,
    q: { id: number; page: number; size: number },
  ): Promise<Page<CollectedDatum>> {
    requireTenant(ctx);
    const items = await this.visibleCollection(ctx, q.id);
    const all = q.size === 0;
    return pageAnswer(all ? items : items.slice(q.page * q.size, (q.page + 1) * q.size), items.length, q);
  }

  /** Concentrator export-collection: the current collected data of a gateway and the nodes under it. */
  async exportCurrent(ctx: Ctx, id: number): Promise<{ fileName: string; data: Buffer }> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, GATEWAY_TYPES, 'view');
    const zh = ctx.lang === 'zh-CN';
    const lines: { device: string; eui: string; typeKey: string; item: CollectedDatum }[] = [];
    const devices = [{ id: row.id, name: row.name, eui: row.eui, typeKey: row.typeKey }];
    for (const n of await childDevices(ctx.db, ctx.tenantId, row.id)) devices.push(n);
    for (const d of devices) {
      // Nodes of types the caller may not view are left out rather than refusing the whole export.
      const code = deviceTypeByKey(d.typeKey)?.permissions.view;
      if (!code || !ctx.permissions.has(code)) continue;
      for (const item of await this.visibleCollection(ctx, d.id))
        lines.push({ device: d.name, eui: d.eui, typeKey: d.typeKey, item });
    }
    const when = (s: string | null) => (s ? timeText(new Date(s), ctx.timeZone) : '');
    const data = await buildWorkbook([
      sheet({
        name: zh ? '采集数据' : 'Collected data',
        columns: [
          { header: zh ? '设备' : 'Device', value: (l) => l.device, width: 20 },
          { header: zh ? '序列号' : 'Serial', value: (l) => l.eui, width: 18 },
          { header: zh ? '采集项' : 'Item', value: (l) => l.item.name, width: 16 },
          {
            header: zh ? '最新值' : 'Latest value',
            // States in words (open / closed), numbers as numbers.
            value: (l) => metricCell(metricOf(l.typeKey, l.item.id), l.item.newestData, ctx.lang),
          },
          { header: zh ? '单位' : 'Unit', value: (l) => l.item.unit },
          { header: zh ? '更新时间' : 'Updated at', value: (l) => when(l.item.newestTime), width: 20 },
          {
            header: zh ? '在线' : 'Online',
            value: (l) => (l.item.online ? (zh ? '在线' : 'online') : zh ? '离线' : 'offline'),
          },
        ],
        rows: lines,
      }),
    ]);
    return { fileName: `${row.eui}-collection.xlsx`, data };
  }

  /** v2 collection export: the readings of a device's visible items over a range. */
  async exportHistory(ctx: Ctx, q: CollectionExportQuery): Promise<{ fileName: string; data: Buffer }> {
    requireTenant(ctx);
    const items = await this.visibleCollection(ctx, q.id);
    const { row } = await loadDevice(ctx, q.id, ALL_TYPES, 'view');
    const { from, to } = historyRange(q.startTime, q.endTime, ctx.timeZone);
    const rows = await readRawRows(ctx.db, ctx.tenantId, row.id, from, to, EXPORT_MAX_ROWS);
    const zh = ctx.lang === 'zh-CN';
    const data = await buildWorkbook([
      sheet({
        name: zh ? '采集数据' : 'Readings',
        preamble: [
          `${row.name} (${row.eui})  ${timeText(from, ctx.timeZone)} – ${timeText(to, ctx.timeZone)}`,
        ],
        columns: [
          {
            header: zh ? '采集时间' : 'Collected at',
            value: (r) => timeText(r.ts, ctx.timeZone),
            width: 20,
          },
          ...items.map((it) => ({
            header: it.unit ? `${it.name} (${it.unit})` : it.name,
            value: (r: (typeof rows)[number]) =>
              metricCell(metricOf(row.typeKey, it.id), r.values[it.id], ctx.lang),
            width: 14,
          })),
        ],
        rows,
      }),
    ]);
    const day = (d: Date) => timeText(d, ctx.timeZone).slice(0, 10).replaceAll('-', '');
    return { fileName: `${row.eui}-${day(from)}-${day(to)}.xlsx`, data };
  }
}

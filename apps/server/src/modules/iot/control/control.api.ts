import type { Page } from '@tilth/contracts/common.types';
import type {
  CommandBody,
  CommandIssued,
  CommandView,
  ControlLogItem,
  ControlLogQuery,
} from '@tilth/contracts/control.types';
import { commandActionName, formatCommandParams } from '@tilth/contracts/control-log.format';
import { DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import ExcelJS from 'exceljs';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import type { Platform } from '../../../platform/platform.js';
import { parseLocalTime, timeText } from '../../../platform/time/zone.js';
import { findDevice } from '../device/index.js';
import { exportFileName } from '../report/index.js';
import { CONTROL_ACCESS, CONTROL_LOG_CODE, requireTypeCode, viewableTypeKeys } from './control.access.js';
import { ControlErrors } from './control.errors.js';
import {
  type ControlLogFilter,
  type ControlLogRow,
  findCommand,
  listControlLog,
} from './control.repository.js';
import { issueCommand, toCommandView } from './control.service.js';

/** Most rows one export holds. */
export const EXPORT_MAX_ROWS = 50_000;

/** 'YYYY-MM-DD[ HH:mm[:ss]]' in the tenant's zone, or an ISO instant; a bare date ends at 23:59:59.999. */
export const parseLogTime = (s: string, end: boolean, tz: string): Date => {
  const d = parseLocalTime(s, tz, end ? 'end' : 'start');
  if (!d) throw CommonErrors.validation({ detail: `bad time '${s}'` });
  return d;
};

export const toLogItem = (r: ControlLogRow): ControlLogItem => ({
  ...toCommandView(r),
  deviceName: r.deviceName,
  deviceType: r.deviceType,
  eui: r.eui,
  channelName: r.channelName,
  channelCircuit: r.channelCircuit,
  switchType:
    r.switchType === 'regular' || r.switchType === 'motorised' || r.switchType === 'curtain'
      ? r.switchType
      : null,
  userName: r.userName,
});

export const CONTROL_LOG_TITLE: Record<Lang, string> = { 'zh-CN': '控制日志', 'en-US': 'Control log' };

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': [
    '时间',
    '设备',
    '设备类型',
    '序列号',
    '开关/端口',
    '指令',
    '参数',
    '状态',
    '结果',
    '来源',
    '操作人',
    '下发时间',
    '确认时间',
    '完成时间',
  ],
  'en-US': [
    'Time',
    'Device',
    'Device type',
    'Serial',
    'Switch / port',
    'Command',
    'Parameters',
    'State',
    'Result',
    'Source',
    'User',
    'Sent',
    'Acknowledged',
    'Finished',
  ],
};
const STATE_NAMES: Record<Lang, Record<string, string>> = {
  'zh-CN': { queued: '排队', sent: '已下发', acked: '已确认', done: '成功', failed: '失败', timeout: '超时' },
  'en-US': {
    queued: 'Queued',
    sent: 'Sent',
    acked: 'Acknowledged',
    done: 'Done',
    failed: 'Failed',
    timeout: 'Timed out',
  },
};
const SOURCE_NAMES: Record<Lang, Record<string, string>> = {
  'zh-CN': { user: '用户', strategy: '智能控制', 'auto-off': '自动关闭', alarm: '告警' },
  'en-US': { user: 'User', strategy: 'Strategy', 'auto-off': 'Automatic off', alarm: 'Alert' },
};

/** Formats an instant as 'YYYY-MM-DD HH:mm:ss' in the tenant's zone. */
const wallText = (d: Date | null, tz: string): string => (d ? timeText(d, tz) : '');

export class ControlService {
  constructor(private readonly platform: Platform) {}

  /** POST device/:id/command: any registry command of the device's type (the type's control code). */
  async command(ctx: Ctx, deviceId: number, body: CommandBody): Promise<CommandIssued> {
    requireTenant(ctx);
    requireAccess(ctx, CONTROL_ACCESS.control);
    const device = await findDevice(ctx.db, ctx.tenantId, deviceId);
    if (!device) throw ControlErrors.deviceNotFound();
    requireTypeCode(ctx, device.typeKey, 'control');
    return issueCommand(this.platform, ctx.db, ctx.tenantId, {
      deviceId,
      channelId: body.channelId ?? null,
      action: body.action,
      params: body.params,
      source: 'user',
      userId: ctx.user.id,
    });
  }

  async get(ctx: Ctx, cmdId: string): Promise<CommandView> {
    requireTenant(ctx);
    requireAccess(ctx, CONTROL_ACCESS.view);
    const cmd = await findCommand(ctx.db, ctx.tenantId, cmdId);
    if (!cmd) throw ControlErrors.commandNotFound();
    const device = await findDevice(ctx.db, ctx.tenantId, cmd.deviceId);
    if (device) requireTypeCode(ctx, device.typeKey, 'view');
    return toCommandView(cmd);
  }

  /** The report's filter, narrowed to the types the caller may see without the report code. */
  private filter(ctx: Ctx & { user: { id: number } }, q: ControlLogQuery): ControlLogFilter {
    const all = ctx.permissions.has(CONTROL_LOG_CODE);
    const allowed = all ? DEVICE_TYPES.map((t) => t.key) : viewableTypeKeys(ctx);
    if (q.deviceType && !allowed.includes(q.deviceType)) throw CommonErrors.forbidden();
    return {
      deviceTypes: q.deviceType ? [q.deviceType] : all ? undefined : allowed,
      deviceId: q.deviceId,
      areaId: q.areaId,
      userId: q.mine === 1 ? ctx.user.id : q.userId,
      state: q.state,
      source: q.source,
      from: q.startTime ? parseLogTime(q.startTime, false, ctx.timeZone) : undefined,
      to: q.endTime ? parseLogTime(q.endTime, true, ctx.timeZone) : undefined,
    };
  }

  async log(ctx: Ctx, q: ControlLogQuery): Promise<Page<ControlLogItem>> {
    requireTenant(ctx);
    requireAccess(ctx, CONTROL_ACCESS.log);
    const f = this.filter(ctx, q);
    const all = q.size === 0;
    const { rows, total } = await listControlLog(
      ctx.db,
      ctx.tenantId,
      f,
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toLogItem), total, q);
  }

  /**
   * The filtered control log as an .xlsx workbook (at most EXPORT_MAX_ROWS rows, newest first), with the
   * page's wording (formatCommandParams), named '控制日志-<from>-<to>.xlsx' in the caller's language.
   */
  async export(ctx: Ctx, q: ControlLogQuery): Promise<{ fileName: string; data: Buffer }> {
    requireTenant(ctx);
    requireAccess(ctx, CONTROL_ACCESS.log);
    const f = this.filter(ctx, q);
    const { rows } = await listControlLog(ctx.db, ctx.tenantId, f, EXPORT_MAX_ROWS, 0);
    const lang = ctx.lang;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(CONTROL_LOG_TITLE[lang]);
    ws.addRow(HEADERS[lang]);
    ws.getRow(1).font = { bold: true };
    for (const r of rows) {
      const type = r.deviceType ? deviceTypeByKey(r.deviceType) : undefined;
      const item = toLogItem(r);
      ws.addRow([
        wallText(r.createdAt, ctx.timeZone),
        r.deviceName ?? '',
        type?.name[lang] ?? r.deviceType ?? '',
        r.eui ?? '',
        r.channelName ?? '',
        commandActionName(r.deviceType, r.action, lang),
        formatCommandParams(item, lang),
        STATE_NAMES[lang][r.state] ?? r.state,
        r.message ?? '',
        SOURCE_NAMES[lang][r.source] ?? r.source,
        r.userName ?? '',
        wallText(r.sentAt, ctx.timeZone),
        wallText(r.ackedAt, ctx.timeZone),
        wallText(r.finishedAt, ctx.timeZone),
      ]);
    }
    ws.columns.forEach((c, i) => {
      c.width = i === 6 ? 36 : i === 0 || i >= 11 ? 20 : 14;
    });
    // The range in the name: the filter's, else the span of the rows (newest first), else today.
    const tz = ctx.timeZone;
    const day = (d: Date | undefined) => wallText(d ?? new Date(), tz).slice(0, 10);
    const from = q.startTime
      ? wallText(parseLogTime(q.startTime, false, tz), tz)
      : day(rows.at(-1)?.createdAt);
    const to = q.endTime ? wallText(parseLogTime(q.endTime, true, tz), tz) : day(new Date());
    return {
      fileName: exportFileName(CONTROL_LOG_TITLE[lang], from, to),
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    };
  }
}

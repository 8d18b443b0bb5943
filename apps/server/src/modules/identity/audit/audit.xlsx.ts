import { auditActionText } from '@tilth/contracts/audit.actions';
import ExcelJS from 'exceljs';
import type { Lang } from '../../../platform/i18n/lang.js';
import { timeText } from '../../../platform/time/zone.js';
import type { AuditListRow } from './audit.repository.js';

const HEADERS: Record<Lang, readonly string[]> = {
  'zh-CN': [
    '时间',
    '操作人',
    '操作',
    '操作代码',
    '对象类型',
    '对象',
    '来源地址',
    '客户端',
    '修改前',
    '修改后',
  ],
  'en-US': [
    'Time',
    'Actor',
    'Action',
    'Action code',
    'Target type',
    'Target',
    'Address',
    'Client',
    'Before',
    'After',
  ],
};

const json = (v: unknown): string => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The filtered log as a workbook: times in the tenant's zone, actions as sentences, changes as JSON. */
export const auditWorkbook = async (lang: Lang, timeZone: string, rows: AuditListRow[]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tilth';
  wb.created = new Date();
  const ws = wb.addWorksheet(lang === 'en-US' ? 'Audit log' : '操作日志');
  const headers = HEADERS[lang];
  ws.addRow([...headers]).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  headers.forEach((h, i) => {
    ws.getColumn(i + 1).width = Math.max(14, h.length * 2);
    ws.getColumn(i + 1).numFmt = '@';
  });
  for (const r of rows) {
    ws.addRow([
      timeText(r.at, timeZone),
      r.actorName,
      auditActionText(r.action, r.targetName, lang),
      r.action,
      r.targetType ?? '',
      r.targetName ?? r.targetId ?? '',
      r.ip ?? '',
      r.userAgent ?? '',
      json(r.before),
      json(r.after),
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};

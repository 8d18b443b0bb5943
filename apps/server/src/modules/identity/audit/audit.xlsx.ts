import { auditActionText } from '@tilth/contracts/audit.actions';
import { buildWorkbook, type XlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import type { AuditListRow } from './audit.repository.js';

const json = (v: unknown): string => (v === null || v === undefined ? '' : JSON.stringify(v));

const col = (
  zh: string,
  en: string,
  get: XlsxColumn<AuditListRow>['get'],
  kind: XlsxColumn<AuditListRow>['kind'] = 'text',
): XlsxColumn<AuditListRow> => ({
  header: { 'zh-CN': zh, 'en-US': en },
  kind,
  width: Math.max(14, Math.max(zh.length, en.length) * 2),
  get,
});

/** The filtered log as a workbook: times in the tenant's zone, actions as sentences, changes as JSON. */
export const auditWorkbook = (lang: Lang, timeZone: string, rows: AuditListRow[]): Promise<Buffer> =>
  buildWorkbook(
    lang,
    {
      name: { 'zh-CN': '操作日志', 'en-US': 'Audit log' },
      columns: [
        col('时间', 'Time', (r) => r.at.toISOString(), 'time'),
        col('操作人', 'Actor', (r) => r.actorName),
        col('操作', 'Action', (r) => auditActionText(r.action, r.targetName, lang)),
        col('操作代码', 'Action code', (r) => r.action),
        col('对象类型', 'Target type', (r) => r.targetType),
        col('对象', 'Target', (r) => r.targetName ?? r.targetId),
        col('来源地址', 'Address', (r) => r.ip),
        col('客户端', 'Client', (r) => r.userAgent),
        col('修改前', 'Before', (r) => json(r.before)),
        col('修改后', 'After', (r) => json(r.after)),
      ],
    },
    rows,
    timeZone,
  );

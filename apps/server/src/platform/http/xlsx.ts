import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { defineErrors } from '../errors.js';
import type { Lang, Translated } from '../i18n/lang.js';
import { timeText } from '../time/zone.js';
import { contentDisposition } from './serve-file.js';

// Lists and reports as Excel files: one way to build the sheet (header in the caller's language, numbers
// as numbers with a format so a manager can sum them) and one way to answer it as a download.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The most rows a list export holds; a larger one is refused so the caller narrows the filter. */
export const XLSX_MAX_ROWS = 50_000;

export const XlsxErrors = defineErrors({
  tooManyRows: {
    status: 400,
    code: 'error.export.tooManyRows',
    message: {
      'zh-CN': '导出数据共 {total} 行，超过上限 {max} 行，请缩小筛选范围',
      'en-US': 'The export has {total} rows, more than the limit of {max}; narrow the filter',
    },
  },
});

/**
 * How a column's cells are written: text as text (codes keep their leading zeros), `decimals` as a
 * number shown with that many places, `int` as a whole number, `time` an ISO instant as wall time in the
 * tenant's zone.
 */
export type XlsxKind = 'text' | 'int' | 'time' | { decimals: number };
export type XlsxCell = string | number | null | undefined;

export interface XlsxColumn<R> {
  header: Translated;
  kind?: XlsxKind;
  width?: number;
  get: (row: R) => XlsxCell;
}

export interface XlsxSheet<R> {
  name: Translated;
  columns: readonly XlsxColumn<R>[];
}

const numFmt = (kind: XlsxKind): string => {
  if (kind === 'int') return '0';
  if (kind === 'text' || kind === 'time') return '@';
  return kind.decimals > 0 ? `#,##0.${'0'.repeat(kind.decimals)}` : '#,##0';
};

/** The rows as a one-sheet workbook; `timeZone` turns `time` columns into the tenant's wall time. */
export const buildWorkbook = async <R>(
  lang: Lang,
  sheet: XlsxSheet<R>,
  rows: readonly R[],
  timeZone?: string,
): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tilth';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheet.name[lang]);
  const headers = sheet.columns.map((c) => c.header[lang]);
  ws.addRow(headers).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = c.width ?? Math.max(12, (headers[i] ?? '').length * 2);
    col.numFmt = numFmt(c.kind ?? 'text');
  });
  const cell = (c: XlsxColumn<R>, r: R): string | number => {
    const v = c.get(r);
    if (v === null || v === undefined) return '';
    if (c.kind === 'time' && typeof v === 'string' && timeZone) return timeText(new Date(v), timeZone);
    return v;
  };
  for (const r of rows) ws.addRow(sheet.columns.map((c) => cell(c, r)));
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** Answers a workbook as a download that no cache keeps. */
export const sendXlsx = (reply: FastifyReply, fileName: string, body: Buffer): FastifyReply =>
  reply
    .type(XLSX_TYPE)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('cache-control', 'no-store')
    .send(body);

/**
 * Every row of a list's filter for an export: asks the list for one page of XLSX_MAX_ROWS + 1 so the
 * same filters, access checks and order apply, and refuses (400) a filter that matches more.
 */
export const exportRows = async <R>(
  list: (window: { page: number; size: number }) => Promise<{ content: R[]; totalElements: number }>,
  max: number = XLSX_MAX_ROWS,
): Promise<R[]> => {
  const page = await list({ page: 0, size: max + 1 });
  if (page.content.length > max) {
    throw XlsxErrors.tooManyRows({ total: Math.max(page.totalElements, page.content.length), max });
  }
  return page.content;
};

/** A column from its two headers and getter (text unless said). */
export const xlsxColumn = <R>(
  zh: string,
  en: string,
  get: (row: R) => XlsxCell,
  kind: XlsxKind = 'text',
  width?: number,
): XlsxColumn<R> => ({
  header: { 'zh-CN': zh, 'en-US': en },
  kind,
  ...(width === undefined ? {} : { width }),
  get,
});

const ENABLED: Record<0 | 1, Translated> = {
  1: { 'zh-CN': '启用', 'en-US': 'Enabled' },
  0: { 'zh-CN': '停用', 'en-US': 'Disabled' },
};

/** Status: enabled / disabled in the caller's language. */
export const enabledColumn = <R extends { enabledFlag: number }>(lang: Lang): XlsxColumn<R> =>
  xlsxColumn<R>('状态', 'Status', (r) => ENABLED[r.enabledFlag === 1 ? 1 : 0][lang]);

/** When the row was created, in the tenant's time. */
export const createdColumn = <R extends { creationDate: string }>(): XlsxColumn<R> =>
  xlsxColumn<R>('创建时间', 'Created', (r) => r.creationDate, 'time', 20);

/** The columns most lists end with: status, remark, created. */
export const statusColumns = <R extends { enabledFlag: number; creationDate: string; remark: string | null }>(
  lang: Lang,
): XlsxColumn<R>[] => [
  enabledColumn<R>(lang),
  xlsxColumn<R>('备注', 'Remark', (r) => r.remark, 'text', 24),
  createdColumn<R>(),
];

/** Answers the list's filtered rows (see exportRows) as `fileName`, in the caller's language and zone. */
export const answerExport = async <R>(
  reply: FastifyReply,
  ctx: { lang: Lang; timeZone: string },
  fileName: string,
  sheet: XlsxSheet<R>,
  list: (window: { page: number; size: number }) => Promise<{ content: R[]; totalElements: number }>,
): Promise<FastifyReply> =>
  sendXlsx(reply, fileName, await buildWorkbook(ctx.lang, sheet, await exportRows(list), ctx.timeZone));

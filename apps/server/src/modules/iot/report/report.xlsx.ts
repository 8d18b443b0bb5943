import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../../platform/http/serve-file.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn<R> {
  header: string;
  value: (row: R) => string | number | null;
  width?: number;
  /** Excel number format, e.g. '0.0' or '#,##0'. */
  numFmt?: string;
}

export interface SheetSpec<R> {
  name: string;
  columns: readonly SheetColumn<R>[];
  rows: readonly R[];
  /** Lines above the header (title, range, parameters). */
  preamble?: readonly string[];
}

/** A sheet with its cells computed: what buildWorkbook writes. */
export interface PreparedSheet {
  name: string;
  preamble: readonly string[];
  columns: readonly Omit<SheetColumn<never>, 'value'>[];
  rows: (string | number | null)[][];
}

/** Computes a sheet's cells from typed rows. */
export const sheet = <R>(spec: SheetSpec<R>): PreparedSheet => ({
  name: spec.name,
  preamble: spec.preamble ?? [],
  columns: spec.columns.map(({ header, width, numFmt }) => ({ header, width, numFmt })),
  rows: spec.rows.map((r) => spec.columns.map((c) => c.value(r))),
});

/** One workbook of simple tables: an optional preamble, a bold frozen header row, formatted numbers. */
export const buildWorkbook = async (sheets: readonly PreparedSheet[]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tilth';
  wb.created = new Date();
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name.slice(0, 31));
    for (const line of spec.preamble) ws.addRow([line]);
    const header = ws.addRow(spec.columns.map((c) => c.header));
    header.font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: header.number }];
    spec.columns.forEach((c, i) => {
      const col = ws.getColumn(i + 1);
      col.width = c.width ?? Math.max(12, c.header.length * 2);
      if (c.numFmt) col.numFmt = c.numFmt;
    });
    for (const r of spec.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/**
 * Every report and log export is named '<report name in the caller's language>-<from>-<to>.xlsx'
 * ('降雨量报表-2026-11-01-2026-11-30.xlsx'); non-ASCII names travel as RFC 5987 filename* (sendXlsx).
 */
export const exportFileName = (name: string, from: string, to: string): string =>
  `${name.replace(/[\\/:*?"<>|]/g, '_')}-${from.slice(0, 10)}-${to.slice(0, 10)}.xlsx`;

export const sendXlsx = (reply: FastifyReply, fileName: string, body: Buffer): FastifyReply =>
  reply
    .type(XLSX_TYPE)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('cache-control', 'no-store')
    .send(body);

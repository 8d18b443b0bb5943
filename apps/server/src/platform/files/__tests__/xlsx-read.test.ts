import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, XLSX_MAX_UNZIPPED_BYTES, zipDeclaredBytes } from '../xlsx-read.js';

const workbook = async (rows: unknown[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** The same bytes with the first central-directory entry declaring `size` uncompressed bytes. */
const declaring = (b: Buffer, size: number): Buffer => {
  const out = Buffer.from(b);
  const at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  out.writeUInt32LE(size, at + 24);
  return out;
};

describe('reading an uploaded workbook', () => {
  it('answers the first sheet as trimmed texts: dates as days, formulas as results', async () => {
    const data = await workbook([
      ['name', 'day', 'sum'],
      ['  李农 ', new Date(Date.UTC(2026, 10, 25)), { formula: '1+2', result: 3 }],
    ]);
    expect(await readFirstSheet(data)).toEqual([
      { row: 1, cells: ['name', 'day', 'sum'] },
      { row: 2, cells: ['李农', '2026-11-25', '3'] },
    ]);
  });

  it('does not unpack a workbook that declares more than the bound (a zip bomb), nor a non-zip', async () => {
    const data = await workbook([['a']]);
    const declared = zipDeclaredBytes(data);
    expect(declared).toBeGreaterThan(0);
    expect(declared).toBeLessThan(XLSX_MAX_UNZIPPED_BYTES);
    expect(await readFirstSheet(data, (declared ?? 0) - 1)).toBeUndefined();
    const bomb = declaring(data, 0x7fff_ffff);
    expect(zipDeclaredBytes(bomb)).toBeGreaterThan(XLSX_MAX_UNZIPPED_BYTES);
    expect(await readFirstSheet(bomb)).toBeUndefined();
    expect(zipDeclaredBytes(declaring(data, 0xffff_ffff))).toBe(Number.POSITIVE_INFINITY);
    expect(zipDeclaredBytes(Buffer.from('name,phone\n'))).toBeUndefined();
    expect(await readFirstSheet(Buffer.from('PK not really a zip'))).toBeUndefined();
  });
});

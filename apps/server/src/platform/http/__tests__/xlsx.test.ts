import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { buildWorkbook, exportRows, XLSX_MAX_ROWS, xlsxColumn } from '../xlsx.js';

interface Row {
  code: string;
  price: number | null;
  at: string;
}

describe('platform xlsx', () => {
  it('asks the list for one row more than the limit and refuses (400) a filter that matches more', async () => {
    const asked: { page: number; size: number }[] = [];
    const list = async (w: { page: number; size: number }) => {
      asked.push(w);
      return { content: Array.from({ length: Math.min(w.size, 4) }, (_, i) => i), totalElements: 4 };
    };
    expect(await exportRows(list, 4)).toEqual([0, 1, 2, 3]);
    expect(asked[0]).toEqual({ page: 0, size: 5 });
    const err = await exportRows(list, 3).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).messageIn('en-US')).toContain('4 rows, more than the limit of 3');
    expect((err as AppError).messageIn('zh-CN')).toContain('超过上限 3 行');
    expect(XLSX_MAX_ROWS).toBe(50_000);
  });

  it('writes the header in the language, numbers with their places and times in the zone', async () => {
    const buf = await buildWorkbook(
      'zh-CN',
      {
        name: { 'zh-CN': '表', 'en-US': 'Sheet' },
        columns: [
          xlsxColumn<Row>('编码', 'Code', (r) => r.code),
          xlsxColumn<Row>('价格', 'Price', (r) => r.price, { decimals: 2 }),
          xlsxColumn<Row>('时间', 'At', (r) => r.at, 'time'),
        ],
      },
      [
        { code: '007', price: 0.1 + 0.2, at: '2026-01-31T16:30:00.000Z' },
        { code: 'A', price: null, at: '2026-01-01T00:00:00.000Z' },
      ],
      'Asia/Shanghai',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('表');
    expect(ws?.getRow(1).values).toEqual([undefined, '编码', '价格', '时间']);
    expect(ws?.getCell('A2').value).toBe('007');
    expect(ws?.getColumn(2).numFmt).toBe('#,##0.00');
    expect(String(ws?.getCell('C2').value)).toMatch(/^2026-02-01 00:30/);
    expect(ws?.getCell('B3').value).toBe('');
  });
});

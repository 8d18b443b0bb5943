import type { ColumnsType } from 'antd/es/table';
import { describe, expect, it } from 'vitest';
import { KIND_WIDTH, kindOf, sizeColumns, widthSum } from './columnWidths';
import { tableLayout } from './DataTable';

// Issue 12 item 6: the plots' current batch and the batches' harvest sat under the fixed operation column at
// 1600 px, because those columns had no width and the page's scroll.x was smaller than the columns needed.

interface Row {
  id: number;
}

const batches: ColumnsType<Row> = [
  { title: 'Code', dataIndex: 'batchCode', width: 150 },
  { title: 'Name', dataIndex: 'batchName' },
  { title: 'Type', dataIndex: 'batchType' },
  { title: 'Period', key: 'period' },
  { title: 'Harvest', key: 'harvest' },
  { title: 'Operation', key: 'actions', fixed: 'right', width: 180 },
];

describe('the shared table column rule', () => {
  it('gives every column a width: the page’s, else its kind’s default', () => {
    const sized = sizeColumns(batches);
    expect(sized.map((c) => c.width)).toEqual([
      150,
      KIND_WIDTH.name,
      KIND_WIDTH.status,
      KIND_WIDTH.period,
      KIND_WIDTH.period,
      180,
    ]);
    expect(kindOf({ key: 'x', fixed: 'right' })).toBe('actions');
    expect(kindOf({ dataIndex: 'createdAt' })).toBe('datetime');
    expect(kindOf({ dataIndex: 'startDate' })).toBe('date');
    expect(kindOf({ key: 'batch' })).toBe('longText');
    expect(kindOf({ dataIndex: 'whatever' })).toBe('text');
  });

  it('sets scroll.x to the sum of widths, over a smaller guess by the page, keeping scroll.y', () => {
    const { columns, scroll } = tableLayout(batches, { x: 980, y: 400 });
    const sum = 150 + KIND_WIDTH.name + KIND_WIDTH.status + 2 * KIND_WIDTH.period + 180;
    expect(widthSum(columns ?? [])).toBe(sum);
    expect(scroll).toEqual({ x: sum, y: 400 });
    // Every leaf has a number, so the table never squeezes one under the fixed column.
    expect(columns?.every((c) => typeof c.width === 'number')).toBe(true);
  });

  it('sizes grouped columns by their children', () => {
    const grouped: ColumnsType<Row> = [
      { title: 'Group', children: [{ dataIndex: 'temp', width: 90 }, { dataIndex: 'updateTime' }] },
    ];
    expect(widthSum(sizeColumns(grouped))).toBe(90 + KIND_WIDTH.datetime);
  });
});

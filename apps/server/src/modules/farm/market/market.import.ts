import { PRICE_MAX } from '@tilth/contracts/market.types';
import { parse } from 'csv-parse/sync';
import { readFirstSheet, type SheetRow } from '../../../platform/files/xlsx-read.js';
import type { Lang, Translated } from '../../../platform/i18n/lang.js';
import type { MarketValues, PriceValues } from './market.repository.js';

/** The columns of a price file; headers may be English or Chinese, in any order. */
const COLUMNS = {
  market: ['market', '市场', '市场名称'],
  province: ['province', '省份', '省'],
  city: ['city', '城市', '市'],
  product: ['product', '品名', '产品', '品种', '蔬菜'],
  category: ['category', '类别', '分类'],
  unit: ['unit', '单位'],
  min: ['min', '最低价'],
  avg: ['avg', '平均价', '均价'],
  max: ['max', '最高价'],
  date: ['date', '日期'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['market', 'product', 'avg', 'date'];
export const IMPORT_MAX_ROWS = 50_000;

/** One data row as read from the file, with its row (line) number for messages. */
export type RawRow = SheetRow;

export interface RowError {
  row: number;
  message: Translated;
}

export class ImportFileError extends Error {
  constructor(readonly reason: Translated) {
    super(reason['en-US']);
  }
}

/** Rows of a CSV (UTF-8, optional BOM; lines starting with # are comments) or of the first sheet of an .xlsx. */
export const readRows = async (buf: Buffer, fileName: string): Promise<RawRow[]> => {
  const isXlsx = /\.xlsx$/i.test(fileName) || buf.subarray(0, 2).toString('latin1') === 'PK';
  if (isXlsx) {
    const rows = await readFirstSheet(buf);
    if (!rows) {
      throw new ImportFileError({
        'zh-CN': '无法读取该 Excel 文件',
        'en-US': 'The Excel file cannot be read',
      });
    }
    return rows;
  }
  if (/\.(xls|numbers|ods)$/i.test(fileName)) {
    throw new ImportFileError({
      'zh-CN': '仅支持 CSV 或 Excel（.xlsx）文件',
      'en-US': 'Only CSV or Excel (.xlsx) files are accepted',
    });
  }
  try {
    const records = parse(buf, {
      bom: true,
      comment: '#',
      comment_no_infix: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map((r) => ({ row: r.info.lines, cells: r.record }));
  } catch (err) {
    throw new ImportFileError({
      'zh-CN': `CSV 格式有误：${(err as Error).message}`,
      'en-US': `The CSV is malformed: ${(err as Error).message}`,
    });
  }
};

const DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const realDate = (s: string): string | null => {
  const m = DATE.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1990 || y > 2999 || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

const PRICE = /^\d{1,5}(?:\.\d{1,2})?$/;

export interface ParsedImport {
  markets: MarketValues[];
  /** Prices keyed by market name (ids are known only after the markets are written). */
  prices: (Omit<PriceValues, 'marketId'> & { marketName: string })[];
  errors: RowError[];
}

const msg = (zh: string, en: string): Translated => ({ 'zh-CN': zh, 'en-US': en });

/** Validates every row; the caller writes nothing when errors is not empty. */
export const validateRows = (rows: RawRow[]): ParsedImport => {
  const [header, ...data] = rows;
  if (!header || data.length === 0) {
    throw new ImportFileError(msg('文件中没有数据行', 'The file has no data rows'));
  }
  if (data.length > IMPORT_MAX_ROWS) {
    throw new ImportFileError(
      msg(`单次最多导入 ${IMPORT_MAX_ROWS} 行`, `At most ${IMPORT_MAX_ROWS} rows can be imported at once`),
    );
  }
  const index = new Map<Column, number>();
  header.cells.forEach((h, i) => {
    const name = h.trim().toLowerCase();
    for (const [col, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
      if (names.includes(name) && !index.has(col)) index.set(col, i);
    }
  });
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0) {
    throw new ImportFileError(
      msg(
        `缺少必需的列：${missing.join(', ')}（列为 market, province, city, product, category, unit, min, avg, max, date）`,
        `Missing required columns: ${missing.join(', ')} (columns: market, province, city, product, category, unit, min, avg, max, date)`,
      ),
    );
  }
  const markets = new Map<string, MarketValues>();
  const seen = new Map<string, number>();
  const out: ParsedImport = { markets: [], prices: [], errors: [] };
  for (const r of data) {
    const get = (c: Column): string => {
      const i = index.get(c);
      return i === undefined ? '' : (r.cells[i] ?? '').trim();
    };
    const problems: Translated[] = [];
    const text = (c: Column, label: Translated, maxLen: number, required: boolean): string | null => {
      const v = get(c);
      if (v === '') {
        if (required) problems.push(msg(`${label['zh-CN']}不能为空`, `${label['en-US']} is required`));
        return null;
      }
      if (v.length > maxLen) {
        problems.push(
          msg(
            `${label['zh-CN']}过长（最多 ${maxLen} 字）`,
            `${label['en-US']} is too long (at most ${maxLen})`,
          ),
        );
      }
      return v;
    };
    const price = (c: Column, label: Translated, required: boolean): number | null => {
      const v = get(c).replace(/^[¥￥]/, '');
      if (v === '') {
        if (required) problems.push(msg(`${label['zh-CN']}不能为空`, `${label['en-US']} is required`));
        return null;
      }
      if (!PRICE.test(v) || Number(v) > PRICE_MAX) {
        problems.push(
          msg(
            `${label['zh-CN']}“${v.slice(0, 20)}”应为 0–${PRICE_MAX} 之间最多两位小数的数字`,
            `${label['en-US']} "${v.slice(0, 20)}" must be a number from 0 to ${PRICE_MAX} with at most 2 decimals`,
          ),
        );
        return null;
      }
      return Number(v);
    };
    const market = text('market', msg('市场', 'market'), 60, true);
    const province = text('province', msg('省份', 'province'), 30, false);
    const city = text('city', msg('城市', 'city'), 30, false);
    const product = text('product', msg('品名', 'product'), 60, true);
    const category = text('category', msg('类别', 'category'), 30, false);
    const unit = text('unit', msg('单位', 'unit'), 20, false) ?? 'kg';
    const min = price('min', msg('最低价', 'min'), false);
    const avg = price('avg', msg('平均价', 'avg'), true);
    const max = price('max', msg('最高价', 'max'), false);
    const rawDate = get('date');
    const date = realDate(rawDate);
    if (rawDate === '') problems.push(msg('日期不能为空', 'date is required'));
    else if (!date) {
      problems.push(
        msg(
          `日期“${rawDate.slice(0, 20)}”不是有效日期（YYYY-MM-DD）`,
          `date "${rawDate.slice(0, 20)}" is not a real date (YYYY-MM-DD)`,
        ),
      );
    }
    if (avg !== null && ((min !== null && min > avg) || (max !== null && avg > max))) {
      problems.push(msg('价格应满足 最低价 ≤ 平均价 ≤ 最高价', 'prices must satisfy min ≤ avg ≤ max'));
    } else if (min !== null && max !== null && min > max) {
      problems.push(msg('价格应满足 最低价 ≤ 最高价', 'prices must satisfy min ≤ max'));
    }
    if (market && product && date) {
      const key = `${market}\u0000${product}\u0000${date}`;
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push(
          msg(
            `与第 ${first} 行重复（同一市场、品名、日期）`,
            `duplicates row ${first} (same market, product and date)`,
          ),
        );
      } else seen.set(key, r.row);
    }
    if (problems.length > 0) {
      for (const p of problems) out.errors.push({ row: r.row, message: p });
      continue;
    }
    if (!market || !product || !date || avg === null) continue;
    const known = markets.get(market);
    if (!known) markets.set(market, { marketName: market, province, city });
    else {
      known.province ??= province;
      known.city ??= city;
    }
    out.prices.push({
      marketName: market,
      productName: product,
      category,
      unit,
      minPrice: min === null ? null : min.toFixed(2),
      avgPrice: avg.toFixed(2),
      maxPrice: max === null ? null : max.toFixed(2),
      priceDate: date,
    });
  }
  out.markets = [...markets.values()];
  return out;
};

export const rowErrorsIn = (errors: RowError[], lang: Lang) =>
  errors.map((e) => ({ row: e.row, message: e.message[lang] }));

import ExcelJS from 'exceljs';

// Reading an uploaded .xlsx (imports of users, market prices). A workbook is a zip: a few kilobytes can
// declare gigabytes of XML, and ExcelJS inflates every part in memory. The central directory's declared
// sizes are checked first; a workbook declaring more than the bound is not read at all.

/** What an import may unpack: generous for 50,000 rows of text, small beside the process's memory. */
export const XLSX_MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/**
 * The sum of the uncompressed sizes a zip declares in its central directory; undefined when the bytes are
 * not a readable zip, Infinity for ZIP64 (sizes beyond 4 GiB are not an import's).
 */
export const zipDeclaredBytes = (b: Buffer): number | undefined => {
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (b.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = b.readUInt16LE(end + 10);
  let p = b.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== CENTRAL) return undefined;
    const size = b.readUInt32LE(p + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    p += 46 + b.readUInt16LE(p + 28) + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
  }
  return total;
};

/** A cell as the text a person typed: a date cell as its day, a formula as its result. */
export const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  // ExcelJS gives a date cell as UTC midnight of the day typed: its UTC day is that day, in any zone.
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v && v.result !== undefined) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    return '';
  }
  return String(v);
};

export interface SheetRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  /** Cell texts from column A, trimmed. */
  cells: string[];
}

/**
 * The non-empty rows of the first sheet; undefined when the bytes are not a workbook, or declare more than
 * `maxUnzipped` bytes once unpacked.
 */
export const readFirstSheet = async (
  data: Buffer,
  maxUnzipped = XLSX_MAX_UNZIPPED_BYTES,
): Promise<SheetRow[] | undefined> => {
  const declared = zipDeclaredBytes(data);
  if (declared === undefined || declared > maxUnzipped) return undefined;
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return undefined;
  }
  const sheet = wb.worksheets[0];
  if (!sheet) return undefined;
  const out: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    const values = r.values as ExcelJS.CellValue[];
    out.push({ row: n, cells: values.slice(1).map((v) => cellText(v).trim()) });
  });
  return out;
};

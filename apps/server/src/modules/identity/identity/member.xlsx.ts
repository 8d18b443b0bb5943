import type { TenantUserView } from '@tilth/contracts/users.types';
import ExcelJS from 'exceljs';
import { readFirstSheet } from '../../../platform/files/xlsx-read.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { timeText } from '../../../platform/time/zone.js';

// The user import template, its parsing, and the export of a filtered list (issue 13 item 3).

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_ROWS = 1000;

/** Template columns, in order; the import reads cells by position, so a translated header still works. */
export const IMPORT_FIELDS = ['realName', 'phone', 'roles', 'password'] as const;
const IMPORT_HEADERS: Record<Lang, readonly string[]> = {
  'zh-CN': ['姓名', '手机号（登录名）', '角色（多个用逗号分隔）', '初始密码'],
  'en-US': ['Name', 'Phone (sign-in name)', 'Roles (comma separated)', 'Initial password'],
};

const workbook = () => {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tilth';
  wb.created = new Date();
  return wb;
};

const table = (wb: ExcelJS.Workbook, name: string, headers: readonly string[], rows: unknown[][]) => {
  const ws = wb.addWorksheet(name);
  const header = ws.addRow([...headers]);
  header.font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  headers.forEach((h, i) => {
    ws.getColumn(i + 1).width = Math.max(14, h.length * 2);
    // Phones and passwords as text, so Excel keeps leading characters and does not make numbers of them.
    ws.getColumn(i + 1).numFmt = '@';
  });
  for (const r of rows) ws.addRow(r);
  return ws;
};

export const importTemplate = async (lang: Lang): Promise<Buffer> => {
  const wb = workbook();
  const example =
    lang === 'en-US'
      ? ['Jane Li', '13900000000', 'Operator', 'Welcome123']
      : ['李明', '13900000000', '操作员', 'Welcome123'];
  table(wb, lang === 'en-US' ? 'Users' : '用户', IMPORT_HEADERS[lang], [example]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

export interface ImportRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  realName: string;
  phone: string;
  roles: string[];
  password: string;
}

/** The data rows of the first sheet (blank rows skipped); undefined when the file is not a workbook. */
export const readImport = async (data: Buffer): Promise<ImportRow[] | undefined> => {
  const rows = await readFirstSheet(data);
  if (!rows) return undefined;
  return rows.flatMap(({ row, cells }) => {
    if (row === 1) return [];
    const [realName = '', phone = '', roles = '', password = ''] = cells.slice(0, IMPORT_FIELDS.length);
    if ([realName, phone, roles, password].every((c) => c === '')) return [];
    const names = roles
      .split(/[,，、;；]/)
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return [{ row, realName, phone, roles: names, password }];
  });
};

export const exportWorkbook = async (
  lang: Lang,
  timeZone: string,
  rows: readonly TenantUserView[],
): Promise<Buffer> => {
  const en = lang === 'en-US';
  const headers = en
    ? ['Name', 'Phone', 'Sign-in name', 'Roles', 'Enabled', 'Last sign-in', 'Joined']
    : ['姓名', '手机号', '登录名', '角色', '启用', '最近登录', '加入时间'];
  // Times in the tenant's time zone (ADR 0010), like every other time the console shows.
  const time = (s: string | null) => (s ? timeText(new Date(s), timeZone) : '');
  const wb = workbook();
  table(
    wb,
    en ? 'Users' : '用户',
    headers,
    rows.map((u) => [
      u.realName,
      u.phone ?? '',
      u.loginName,
      u.roleNames.join(en ? ', ' : '，'),
      u.enabled ? (en ? 'Yes' : '是') : en ? 'No' : '否',
      time(u.lastSignInAt),
      time(u.joinedAt),
    ]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
};

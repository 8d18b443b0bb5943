import type { ColumnGroupType, ColumnsType, ColumnType } from 'antd/es/table';

// Issue 12 item 6: at 1600 px with the menu open, columns without a width were squeezed under the fixed
// operation column. Every column now has a width and the table scrolls by their sum instead of squeezing.

/** What a column shows, for its default width when the page gives none. */
export type ColumnKind =
  | 'actions'
  | 'datetime'
  | 'date'
  | 'period'
  | 'status'
  | 'code'
  | 'number'
  | 'name'
  | 'longText'
  | 'text';

export const KIND_WIDTH: Readonly<Record<ColumnKind, number>> = {
  actions: 180,
  datetime: 170,
  date: 120,
  period: 220,
  status: 110,
  code: 150,
  number: 120,
  name: 170,
  longText: 240,
  text: 140,
};

// Matched against the column's key or dataIndex, first rule wins.
const KIND_RULES: readonly [RegExp, ColumnKind][] = [
  [/^(actions?|operations?|ops)$/i, 'actions'],
  // The harvest cell reads "1,200 kg · 2026-11-14", a range "2026-03-01 ~ 2026-07-01".
  [/(period|range|duration|harvest)$/i, 'period'],
  [/([tT]ime|At)$/, 'datetime'],
  [/(date|day)$/i, 'date'],
  [/(status|state|enabled|flag|online|type)$/i, 'status'],
  [/(remark|description|desc|content|address|message|note)s?$/i, 'longText'],
  [/(code|num|no|id|sn|imei|iccid|phone)$/i, 'code'],
  [/(quantity|count|amount|area|total|price|value|rate|size)$/i, 'number'],
  [/(name|title|crop|land|base)$/i, 'name'],
  // The plot's current batch reads "batch name (crop)".
  [/batch$/i, 'longText'],
];

type AnyColumn<T> = ColumnType<T> | ColumnGroupType<T>;

const nameOf = <T>(c: AnyColumn<T>): string => {
  const index = 'dataIndex' in c ? c.dataIndex : undefined;
  const path = Array.isArray(index) ? index.join('.') : index;
  return String(path ?? c.key ?? '');
};

/** The column's kind from its key or dataIndex; a column fixed right is the operation column. */
export const kindOf = <T>(c: AnyColumn<T>): ColumnKind => {
  if (c.fixed === 'right') return 'actions';
  const name = nameOf(c);
  return KIND_RULES.find(([re]) => re.test(name))?.[1] ?? 'text';
};

const isGroup = <T>(c: AnyColumn<T>): c is ColumnGroupType<T> => 'children' in c && Array.isArray(c.children);

/** The columns with a numeric width each (the page's, else the kind's default); groups sized by children. */
export function sizeColumns<T>(columns: ColumnsType<T>): ColumnsType<T> {
  return columns.map((c) => {
    if (isGroup(c)) return { ...c, children: sizeColumns(c.children) };
    return typeof c.width === 'number' ? c : { ...c, width: KIND_WIDTH[kindOf(c)] };
  });
}

/** The sum of the leaf columns' widths: the table's scroll.x. */
export function widthSum<T>(columns: ColumnsType<T>): number {
  return columns.reduce(
    (sum, c) => sum + (isGroup(c) ? widthSum(c.children) : typeof c.width === 'number' ? c.width : 0),
    0,
  );
}

// The before/after of an audit entry as rows of a table: one per field, changed ones marked.

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const text = (v: unknown): string => {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields of both sides in first-seen order; a side that is no object is shown as one "value" row. */
export const auditDiff = (before: unknown, after: unknown): DiffRow[] => {
  if (before == null && after == null) return [];
  if (!(isRecord(before) || before == null) || !(isRecord(after) || after == null)) {
    const b = text(before);
    const a = text(after);
    return [{ field: 'value', before: b, after: a, changed: b !== a }];
  }
  const b = before ?? {};
  const a = after ?? {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const was = text(b[field]);
    const is = text(a[field]);
    return { field, before: was, after: is, changed: was !== is };
  });
};

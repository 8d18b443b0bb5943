// Before/after of an audit entry as rows of fields: the union of both objects' keys, each marked changed
// when its two values differ (compared as JSON, so lists and nested objects compare by content).

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const diffFields = (before: unknown, after: unknown): DiffRow[] => {
  // A value that is not an object (or a missing side) is one row named '' so nothing is hidden.
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [{ field: '', before, after, changed: !same(before, after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: !same(b[field], a[field]),
  }));
};

/** A value as a person reads it: lists comma separated, objects as JSON, nothing as an empty text. */
export const valueText = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v))
    return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

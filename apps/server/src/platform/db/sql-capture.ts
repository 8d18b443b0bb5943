import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

// TILTH_SQL_CAPTURE=<dir>: every distinct statement text this process runs is appended once to
// <dir>/<pid>.sql, for scripts/citus-check.mjs. Unset (production), `captureSql` is undefined and each
// call site costs one optional-call check. Before each text a `-- tilth:same $1=$3` line says which
// parameters carried the same value on that first run (no values are written): a statement that binds
// each table's tenant_id to its own copy of the tenant id still runs on one shard.

/** Ends every statement in a capture file (statements may hold `;` and newlines of their own). */
export const CAPTURE_END = '\n-- tilth:end\n';

/** `-- tilth:same $1=$3 $2=$4\n`: groups of parameters with one value, or '' when none repeat. */
const sameParams = (params: readonly unknown[] | undefined): string => {
  const groups = new Map<string, number[]>();
  params?.forEach((v, i) => {
    if (typeof v !== 'number' && typeof v !== 'bigint' && typeof v !== 'string') return;
    const k = `${typeof v}:${String(v)}`;
    groups.set(k, [...(groups.get(k) ?? []), i + 1]);
  });
  const same = [...groups.values()].filter((g) => g.length > 1).map((g) => g.map((n) => `$${n}`).join('='));
  return same.length > 0 ? `-- tilth:same ${same.join(' ')}\n` : '';
};
/** Most distinct statements one process records: the capture must not grow without bound. */
export const CAPTURE_CAP = 50_000;

const makeCapture = (dir: string): ((text: string, params?: readonly unknown[]) => void) => {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, threadId ? `${process.pid}-${threadId}.sql` : `${process.pid}.sql`);
  const seen = new Set<string>();
  return (text, params) => {
    if (seen.size >= CAPTURE_CAP) return;
    const key = createHash('sha1').update(text).digest('base64');
    if (seen.has(key)) return;
    seen.add(key);
    appendFileSync(file, sameParams(params) + text + CAPTURE_END);
  };
};

const dir = process.env.TILTH_SQL_CAPTURE;
/** Records one statement text, or undefined when capture is off. */
export const captureSql: ((text: string, params?: readonly unknown[]) => void) | undefined = dir
  ? makeCapture(dir)
  : undefined;

/** Spread into Drizzle's options: a `logger` that records each statement, or nothing when capture is off. */
export const captureOption: { logger?: { logQuery: (query: string, params: unknown[]) => void } } = captureSql
  ? { logger: { logQuery: (query, params) => captureSql?.(query, params) } }
  : {};

import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

// TILTH_SQL_CAPTURE=<dir>: every distinct statement text this process runs is appended once to
// <dir>/<pid>.sql, for scripts/citus-check.mjs. Unset (production), `captureSql` is undefined and each
// call site costs one optional-call check.

/** Ends every statement in a capture file (statements may hold `;` and newlines of their own). */
export const CAPTURE_END = '\n-- tilth:end\n';
/** Most distinct statements one process records: the capture must not grow without bound. */
export const CAPTURE_CAP = 50_000;

const makeCapture = (dir: string): ((text: string) => void) => {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, threadId ? `${process.pid}-${threadId}.sql` : `${process.pid}.sql`);
  const seen = new Set<string>();
  return (text) => {
    if (seen.size >= CAPTURE_CAP) return;
    const key = createHash('sha1').update(text).digest('base64');
    if (seen.has(key)) return;
    seen.add(key);
    appendFileSync(file, text + CAPTURE_END);
  };
};

const dir = process.env.TILTH_SQL_CAPTURE;
/** Records one statement text, or undefined when capture is off. */
export const captureSql: ((text: string) => void) | undefined = dir ? makeCapture(dir) : undefined;

/** Spread into Drizzle's options: a `logger` that records each statement, or nothing when capture is off. */
export const captureOption: { logger?: { logQuery: (query: string, params: unknown[]) => void } } = captureSql
  ? { logger: { logQuery: (query) => captureSql?.(query) } }
  : {};

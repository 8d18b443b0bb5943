import type { Db } from './client.js';
import { captureSql } from './sql-capture.js';

// Statements whose text never changes with the number of rows (arrays passed as parameters and expanded
// with unnest): on PostgreSQL each is parsed and planned once per pooled connection (a named statement),
// and Node builds no SQL per call. PGlite is one in-process connection: it just runs the text.

interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteQueryable {
  exec(text: string): Promise<unknown>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}
type Queryable = PgQueryable | PgliteQueryable;

/** The driver's client under a Drizzle handle or transaction (a pg pool / pool client, or PGlite). */
const clientOf = (db: Db): Queryable => (db as unknown as { session: { client: Queryable } }).session.client;

/**
 * Runs `text` with `values` as the named statement `name`. A name must always carry the same text; the
 * caller declares it once as a module constant. Answers the rows (numeric and bigint columns come back as
 * text on PostgreSQL: cast in SQL what the caller needs).
 */
export const runFixed = async <T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> => {
  captureSql?.(text, values);
  const client = clientOf(db);
  const res =
    'exec' in client ? await client.query(text, values) : await client.query({ name, text, values });
  return res.rows as T[];
};

import pg from 'pg';

/** A statement sent ahead of a query in its batch. */
export interface WireStatement {
  text: string;
  values: readonly string[];
  /** Prepared once per connection under this name (session pooling only: see tenant-scope.ts). */
  name?: string;
}

/** The part of pg's connection a query writes to (pg-protocol messages). */
interface WireConnection {
  /** Statements this connection has prepared, by name (pg's own record, which Query also reads). */
  parsedStatements: Record<string, string>;
  parse(m: { text: string; name?: string; types?: readonly number[] }): void;
  bind(m: { portal?: string; statement?: string; values?: readonly string[] }): void;
  execute(m: { portal?: string; rows?: number }): void;
  close(m: { type: 'S' | 'P'; name: string }): void;
}

/** pg.Query's internals this file relies on (pg 8.x query.js); the public types do not declare them. */
interface QueryInternals extends pg.Submittable {
  name?: string;
  callback?: (err: Error | null, res?: unknown) => void;
  requiresPreparation(): boolean;
  prepare(connection: WireConnection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: WireConnection): void;
  handleError(err: Error, connection: WireConnection): void;
}
const BaseQuery = pg.Query as unknown as new (config: unknown, values?: unknown) => QueryInternals;

export interface Batch {
  /** Statements run first, in the same implicit transaction; their results are not the caller's. */
  prefix: readonly WireStatement[];
  /** Prepared statements to close first (Close of one that does not exist is not an error). */
  closes: readonly string[];
  /** Told when the query failed after its own statement was first parsed in this batch. */
  onFreshParseFailed?: (name: string) => void;
}

/**
 * A query sent with other messages in the same write and before the same Sync. The prefix's results are
 * not the caller's: no Describe is sent for them, so they bring no row description, and their data rows
 * and command completions are dropped here. An error in one of them is the caller's error, and PostgreSQL
 * skips the rest up to the Sync.
 */
class BatchQuery extends BaseQuery {
  #left: number;
  #freshName: string | undefined;
  readonly #batch: Batch;

  constructor(batch: Batch, config: unknown, values: unknown) {
    super(config, values);
    this.#batch = batch;
    this.#left = batch.prefix.length;
  }

  override requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: WireConnection): void {
    // pg corks the socket around prepare(): everything here leaves in one write.
    for (const name of this.#batch.closes) {
      connection.close({ type: 'S', name });
      delete connection.parsedStatements[name];
    }
    for (const s of this.#batch.prefix) {
      const name = s.name ?? '';
      if (!name || connection.parsedStatements[name] !== s.text) {
        connection.parse({ text: s.text, name });
        // Recorded when sent: a statement this small and fixed does not fail to parse.
        if (name) connection.parsedStatements[name] = s.text;
      }
      connection.bind({ statement: name, values: s.values });
      connection.execute({ portal: '', rows: 0 });
    }
    if (this.name && connection.parsedStatements[this.name] === undefined) this.#freshName = this.name;
    super.prepare(connection);
  }

  override handleDataRow(msg: unknown): void {
    if (this.#left === 0) super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: WireConnection): void {
    if (this.#left > 0) {
      this.#left -= 1;
      return;
    }
    super.handleCommandComplete(msg, connection);
  }

  override handleError(err: Error, connection: WireConnection): void {
    // pg marks a name parsed on any ParseComplete of the batch (the prefix's too): when the query failed,
    // its statement may not exist. Forget the name; the next use prepares the text under a new one.
    if (this.#freshName) {
      delete connection.parsedStatements[this.#freshName];
      this.#batch.onFreshParseFailed?.(this.#freshName);
    }
    super.handleError(err, connection);
  }
}

/** Sends a BatchQuery on a client's queue and answers as pg's promise-style query() does. */
export const submitBatch = (
  send: (query: pg.Submittable) => unknown,
  batch: Batch,
  config: unknown,
  values: unknown,
): Promise<unknown> => {
  const query = new BatchQuery(batch, config, values);
  const out = new Promise((resolve, reject) => {
    query.callback = (err, res) => (err ? reject(err) : resolve(res));
  });
  send(query);
  return out;
};

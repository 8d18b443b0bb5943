import pg from 'pg';

/**
 * The tenant transaction on PostgreSQL, without a round trip of its own (ADR 0022).
 *
 * A tenant scope starts with no transaction. A plain read is sent as one extended-protocol batch —
 * `set_config('app.tenant_id', …, true)` and then the read, both before one Sync — so PostgreSQL runs them
 * in one implicit transaction: row-level security sees the tenant, and the setting ends with that
 * transaction (nothing leaks to the next user of the pooled connection, or behind PgBouncer). Under READ
 * COMMITTED every statement takes its own snapshot anyway, so reads before a request's first write see what
 * they saw inside BEGIN … COMMIT. The first statement that is not a plain read (a write, a lock, a savepoint,
 * a setting, several statements at once) opens the real transaction: `BEGIN` and the settings ride in the
 * same write, before it, and from then on every statement runs inside it until COMMIT or ROLLBACK.
 */

/** A statement that may run in its own implicit transaction: it starts as a read… */
const READ_START = /^\s*\(?\s*(?:select|with)\b/i;
/** …and neither writes, locks nor sets anything, nor is several statements. Conservative: a false alarm only opens the transaction. */
const NOT_PLAIN =
  /;|\bfor\s+(?:update|share|no\s+key\s+update|key\s+share)\b|\b(?:insert|update|delete|merge|into|set_config|nextval|setval|pg_notify|pg_(?:try_)?advisory\w*|lo_\w+)\b/i;

export const isPlainRead = (text: string): boolean => READ_START.test(text) && !NOT_PLAIN.test(text);

interface WireStatement {
  text: string;
  values: readonly string[];
  /** Prepared once per connection under this name (session pooling only: see scopedQuery). */
  name?: string;
}

/** The part of pg's connection a query writes to (pg-protocol messages). */
interface WireConnection {
  /** Statements this connection has prepared, by name (pg's own record, which Query also reads). */
  parsedStatements: Record<string, string>;
  parse(m: { text: string; name?: string; types?: readonly number[] }): void;
  bind(m: { portal?: string; statement?: string; values?: readonly string[] }): void;
  execute(m: { portal?: string; rows?: number }): void;
}

/** pg.Query's internals this file relies on (pg 8.x query.js); the public types do not declare them. */
interface QueryInternals extends pg.Submittable {
  callback?: (err: Error | null, res?: unknown) => void;
  requiresPreparation(): boolean;
  prepare(connection: WireConnection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: WireConnection): void;
}
const BaseQuery = pg.Query as unknown as new (config: unknown, values?: unknown) => QueryInternals;

/**
 * A query sent after other statements in the same write and the same Sync. Their rows and completions are
 * not the caller's: no Describe is sent for them, so they bring no row description, and their data rows
 * and command completions are dropped here. An error in one of them is the caller's error, and PostgreSQL
 * skips the rest up to the Sync.
 */
class PrefixedQuery extends BaseQuery {
  #left: number;
  readonly #prefix: readonly WireStatement[];

  constructor(prefix: readonly WireStatement[], config: unknown, values: unknown) {
    super(config, values);
    this.#prefix = prefix;
    this.#left = prefix.length;
  }

  override requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: WireConnection): void {
    // pg corks the socket around prepare(): the prefix and the query leave in one write.
    for (const s of this.#prefix) {
      const name = s.name ?? '';
      if (!name || connection.parsedStatements[name] !== s.text) {
        connection.parse({ text: s.text, name });
        // Recorded when sent: a statement this small and fixed does not fail to parse.
        if (name) connection.parsedStatements[name] = s.text;
      }
      connection.bind({ statement: name, values: s.values });
      connection.execute({ portal: '', rows: 0 });
    }
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
}

/** The settings row-level security reads, for one tenant scope on one checked-out connection. */
export class TenantScope {
  /** Whether BEGIN has been sent: every statement from here on runs in the transaction. */
  open = false;
  readonly #settings = new Map<string, string>();

  constructor(
    tenantId: number,
    /** '' or ' READ ONLY' (replica reads). */
    readonly beginMode: string,
  ) {
    if (!Number.isSafeInteger(tenantId) || tenantId < 0) throw new Error(`bad tenant id ${tenantId}`);
    this.#settings.set('app.tenant_id', String(tenantId));
  }

  /**
   * Keeps a transaction-local setting for the statements still to come, while no transaction is open.
   * False once it is open: the caller then sets it in the transaction itself.
   */
  defer(name: string, value: string): boolean {
    if (this.open) return false;
    this.#settings.set(name, value);
    return true;
  }

  /**
   * One statement that sets every setting for the current transaction (parameters, never inlined). Named,
   * it is parsed once per connection: its text depends only on how many settings there are.
   */
  settingsStatement(named: boolean): WireStatement {
    const names = [...this.#settings.keys()];
    const calls = names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
    return {
      text: `select ${calls.join(', ')}`,
      values: names.flatMap((n) => [n, this.#settings.get(n) ?? '']),
      ...(named ? { name: `tilth_scope_${names.length}` } : {}),
    };
  }

  /** The same as one simple-protocol text, for the rare statement that cannot be prefixed. */
  beginText(literal: (s: string) => string): string {
    const calls = [...this.#settings].map(([n, v]) => `set_config(${literal(n)}, ${literal(v)}, true)`);
    return `BEGIN${this.beginMode}; SELECT ${calls.join(', ')}`;
  }
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

const textOf = (config: unknown): string | undefined => {
  if (typeof config === 'string') return config;
  if (typeof config === 'object' && config !== null && 'text' in config && typeof config.text === 'string') {
    return config.text;
  }
  return undefined;
};

/**
 * Whether the statement can ride behind a prefix: a promise-style query of one statement, not a cursor,
 * COPY or a query that reads its rows in pages.
 */
const prefixable = (config: unknown, values: unknown, callback: unknown): boolean => {
  if (typeof values === 'function' || callback !== undefined) return false;
  if (typeof config === 'object' && config !== null && ('submit' in config || 'rows' in config)) return false;
  const text = textOf(config);
  return text !== undefined && !text.includes(';');
};

/** Clients that carry a tenant scope while a tenant transaction has them checked out. */
const scopes = new WeakMap<pg.Client, TenantScope>();

export const setScope = (client: pg.Client, scope: TenantScope | undefined): void => {
  if (scope) scopes.set(client, scope);
  else scopes.delete(client);
};

/**
 * Wraps a pg client's query(): statements of a client in a tenant scope get their prefix (above); every
 * other query is sent as pg sends it. `named`: the prefix is a statement prepared once per connection —
 * not behind a transaction pooler, where the next batch may reach another server connection.
 */
export const scopedQuery = (base: QueryFn, named: boolean): QueryFn =>
  function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    const scope = scopes.get(this);
    if (!scope || scope.open) return Reflect.apply(base, this, [config, values, callback]);
    if (!prefixable(config, values, callback)) {
      // Opened on its own round trip first; the statement follows once BEGIN is answered, so a client
      // never has two queries queued at once (pg refuses that from version 9).
      scope.open = true;
      const begin = Reflect.apply(base, this, [
        scope.beginText((s) => this.escapeLiteral(s)),
      ]) as Promise<unknown>;
      const send = () => Reflect.apply(base, this, [config, values, callback]);
      const submittable = typeof config === 'object' && config !== null && 'submit' in config;
      if (!submittable && typeof values !== 'function' && callback === undefined) return begin.then(send);
      // A cursor or COPY (pg-cursor queues reads made before it is submitted), or a callback-style query:
      // if BEGIN failed, the connection has failed and the statement reports it.
      void begin.then(send, send);
      return submittable ? config : undefined;
    }
    const read = isPlainRead(textOf(config) ?? '');
    const settings = scope.settingsStatement(named);
    const prefix = read ? [settings] : [{ text: `BEGIN${scope.beginMode}`, values: [] }, settings];
    if (!read) scope.open = true;
    const query = new PrefixedQuery(prefix, config, values);
    const out = new Promise((resolve, reject) => {
      query.callback = (err, res) => (err ? reject(err) : resolve(res));
    });
    Reflect.apply(base, this, [query]);
    return out;
  };

/** The scope of the connection behind a Drizzle handle, while it runs a tenant transaction. */
export const scopeOfHandle = (db: object): TenantScope | undefined => {
  const client = '$client' in db ? db.$client : undefined;
  return client instanceof pg.Client ? scopes.get(client) : undefined;
};

import pg from 'pg';
import { submitBatch, type WireStatement } from './batch-query.js';
import { StatementNames } from './statement-names.js';

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

/** How many statements one connection keeps prepared (least recently used closed beyond). */
const PREPARED_PER_CONNECTION = 200;
const statementNames = new WeakMap<pg.Client, StatementNames>();
const namesOf = (client: pg.Client): StatementNames => {
  let names = statementNames.get(client);
  if (!names) {
    names = new StatementNames(PREPARED_PER_CONNECTION);
    statementNames.set(client, names);
  }
  return names;
};

/** Clients that carry a tenant scope while a tenant transaction has them checked out. */
const scopes = new WeakMap<pg.Client, TenantScope>();

export const setScope = (client: pg.Client, scope: TenantScope | undefined): void => {
  if (scope) scopes.set(client, scope);
  else scopes.delete(client);
};

/**
 * Wraps a pg client's query(): statements of a client in a tenant scope get their prefix (above); every
 * other query is sent as pg sends it. `named`: the prefix and the scope's statements are prepared once per
 * connection (statement-names.ts) — not behind a transaction pooler, where the next batch may reach another
 * server connection.
 */
export const scopedQuery = (base: QueryFn, named: boolean): QueryFn =>
  function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    const scope = scopes.get(this);
    if (!scope) return Reflect.apply(base, this, [config, values, callback]);
    if (!prefixable(config, values, callback)) {
      if (scope.open) return Reflect.apply(base, this, [config, values, callback]);
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
    const names = named ? namesOf(this) : undefined;
    const text = textOf(config) ?? '';
    let prefix: WireStatement[] = [];
    if (!scope.open) {
      const settings = scope.settingsStatement(named);
      const read = isPlainRead(text);
      prefix = read ? [settings] : [{ text: `BEGIN${scope.beginMode}`, values: [] }, settings];
      if (!read) scope.open = true;
    }
    return submitBatch(
      (query) => Reflect.apply(base, this, [query]),
      {
        prefix,
        closes: names?.takeCloses() ?? [],
        onFreshParseFailed: (name) => names?.forget(name),
      },
      named ? withName(config, names, text) : config,
      values,
    );
  };

/**
 * The statement under its connection's name for the text (statement-names.ts), unless it has a name of
 * its own. Drizzle passes `name: undefined` for a statement it does not prepare itself.
 */
const withName = (config: unknown, names: StatementNames | undefined, text: string): unknown => {
  if (!names || typeof config !== 'object' || config === null) return config;
  if ('name' in config && config.name) return config;
  return { ...config, name: names.nameFor(text) };
};

/** The scope of the connection behind a Drizzle handle, while it runs a tenant transaction. */
export const scopeOfHandle = (db: object): TenantScope | undefined => {
  const client = '$client' in db ? db.$client : undefined;
  return client instanceof pg.Client ? scopes.get(client) : undefined;
};

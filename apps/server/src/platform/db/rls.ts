export const APP_ROLE = 'tilth_app';

/** Global tables that carry a tenant_id column but are not business tables (ARCHITECTURE §4). */
export const GLOBAL_TABLES_WITH_TENANT_ID = new Set([
  'memberships',
  'tenant_domains',
  'trace_gtins',
  'users',
]);

/** Append-only tables (the verifiable ledger, ADR 0016): the application role may read and insert only. */
export const APPEND_ONLY_TABLES = ['chain_blocks', 'chain_transactions'] as const;

type Exec = (text: string) => Promise<void>;
type Query = (text: string) => Promise<unknown[]>;

const TENANT_TABLES_SQL = `
  select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
         exists (select 1 from pg_policy p where p.polrelid = c.oid) as has_policy
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')
    and exists (select 1 from pg_attribute a
                where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`;

interface TableRow {
  name: string;
  rls: boolean;
  forced: boolean;
  has_policy: boolean;
}

/**
 * Runs as the migrating (owner) role. Forces RLS on every table that enabled it, and, when the
 * connecting role could bypass RLS, creates the plain application role. Returns whether to SET ROLE.
 */
export const prepareRoleAndRls = async (exec: Exec, query: Query): Promise<boolean> => {
  const tables = (await query(TENANT_TABLES_SQL)) as TableRow[];
  for (const t of tables) {
    if (t.rls && !t.forced) await exec(`ALTER TABLE "${t.name}" FORCE ROW LEVEL SECURITY`);
  }
  const [me] = (await query('select rolsuper, rolbypassrls from pg_roles where rolname = current_user')) as {
    rolsuper: boolean;
    rolbypassrls: boolean;
  }[];
  if (!me?.rolsuper && !me?.rolbypassrls) return false;
  const exists = await query(`select 1 from pg_roles where rolname = '${APP_ROLE}'`);
  if (exists.length === 0) {
    try {
      await exec(`CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS`);
    } catch (err) {
      // Another process (or test database in the same cluster) created it first.
      if (!String(err).includes('already exists')) throw err;
    }
  }
  await exec(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
  await exec(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
  await exec(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
  // The grant above covers every table; take change and removal back where rows are only ever added.
  for (const t of APPEND_ONLY_TABLES) {
    const found = await query(`select to_regclass('public.${t}') as oid`);
    if ((found[0] as { oid: unknown } | undefined)?.oid)
      await exec(`REVOKE UPDATE, DELETE, TRUNCATE ON "${t}" FROM ${APP_ROLE}`);
  }
  return true;
};

export class TenantIsolationError extends Error {}

/** Refuses to serve when a business table lacks forced RLS with a policy, or the role can bypass it. */
export const checkTenantIsolation = async (query: Query): Promise<void> => {
  const [me] = (await query(
    'select current_user as name, rolsuper, rolbypassrls from pg_roles where rolname = current_user',
  )) as { name: string; rolsuper: boolean; rolbypassrls: boolean }[];
  if (!me || me.rolsuper || me.rolbypassrls) {
    throw new TenantIsolationError(
      `database role "${me?.name}" is a superuser or may bypass row-level security; refusing to serve`,
    );
  }
  const tables = (await query(TENANT_TABLES_SQL)) as TableRow[];
  const bad = tables.filter(
    (t) => !GLOBAL_TABLES_WITH_TENANT_ID.has(t.name) && !(t.rls && t.forced && t.has_policy),
  );
  if (bad.length > 0) {
    throw new TenantIsolationError(
      `tenant tables without forced row-level security and a policy: ${bad.map((t) => t.name).join(', ')}`,
    );
  }
};

import { GLOBAL_TABLES_WITH_TENANT_ID } from '../../platform/db/rls.js';

// Reads pg_catalog and answers whether the schema would distribute by tenant_id on Citus
// (create_distributed_table(t, 'tenant_id'), one colocation group), and the plan that follows from it.
// Citus refuses a primary key, unique constraint or unique index of a distributed table that does not
// hold the distribution column, and a foreign key between distributed tables that does not equate it.
// "Leads with" is stricter than Citus (which accepts the column anywhere) and keeps shard pruning on
// the index prefix.

export const TENANT_KEY = 'tenant_id';

/**
 * Tables that tenant queries join to yet are not sharded by tenant: copied to every worker
 * (create_reference_table). memberships carries tenant_id but sign-in reads it by user across tenants;
 * it is small and rarely written. Tables a tenant table references by foreign key are added by the walk.
 * scripts/citus-check.mjs fails a captured query that joins a tenant table to a table not listed here.
 */
export const REFERENCE_TABLES: readonly string[] = ['memberships', 'tenants', 'users'];

type Query = (text: string) => Promise<Record<string, unknown>[]>;

export interface CitusPlan {
  /** Tenant tables: create_distributed_table(t, 'tenant_id', colocate_with => first). */
  distributed: string[];
  /** create_reference_table(t). */
  reference: string[];
  /** Stay on the coordinator (platform tables, cross-tenant directories). */
  local: string[];
  /** One line per offending table or constraint; empty when the schema distributes. */
  violations: string[];
}

const TABLES = `
  select c.relname as name,
         (select format_type(a.atttypid, a.atttypmod) from pg_attribute a
          where a.attrelid = c.oid and a.attname = '${TENANT_KEY}' and not a.attisdropped) as tenant_type
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
  order by c.relname`;

// Column lists as comma-joined text: both drivers answer it the same way ('<expr>' for an expression).
const cols = (arr: string, rel: string) => `array_to_string(array(
    select coalesce(a.attname, '<expr>') from unnest(${arr}) with ordinality k(num, ord)
    left join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.num order by k.ord), ',')`;

const CONSTRAINTS = `
  select c.relname as tbl, con.conname as name, con.contype as type, r.relname as ref,
         ${cols('con.conkey', 'con.conrelid')} as cols, ${cols('con.confkey', 'con.confrelid')} as ref_cols
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
  left join pg_class r on r.oid = con.confrelid
  where n.nspname = 'public' and con.contype in ('p', 'f')
  order by 1, 2`;

// Unique constraints show up here through their index, with the constraint's name.
const UNIQUE_INDEXES = `
  select c.relname as tbl, x.relname as name, i.indpred is not null as partial,
         ${cols('i.indkey', 'i.indrelid')} as cols
  from pg_index i
  join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
  join pg_class x on x.oid = i.indexrelid
  where n.nspname = 'public' and i.indisunique and not i.indisprimary
  order by 1, 2`;

interface Constraint {
  tbl: string;
  name: string;
  type: 'p' | 'f';
  ref: string | null;
  cols: string;
  ref_cols: string;
}

const leads = (list: string) => list.split(',')[0] === TENANT_KEY;

/** Walks the public schema. `global` names tables that carry tenant_id yet are not distributed. */
export const walkSchema = async (
  query: Query,
  global: ReadonlySet<string> = GLOBAL_TABLES_WITH_TENANT_ID,
  referenceTables: readonly string[] = REFERENCE_TABLES,
): Promise<CitusPlan> => {
  const tables = (await query(TABLES)) as { name: string; tenant_type: string | null }[];
  const distributed = tables.filter((t) => t.tenant_type && !global.has(t.name)).map((t) => t.name);
  const isDist = new Set(distributed);
  const existing = new Set(tables.map((t) => t.name));
  const reference = new Set(referenceTables.filter((t) => existing.has(t)));
  const violations: string[] = [];
  const cons = (await query(CONSTRAINTS)) as unknown as Constraint[];

  // Colocated tables need one distribution column type: the first table's sets it.
  const types = new Map(tables.map((t) => [t.name, t.tenant_type]));
  const keyType = types.get(distributed[0] ?? '');
  for (const t of distributed) {
    if (types.get(t) !== keyType)
      violations.push(`${t}: ${TENANT_KEY} is ${types.get(t)}, not ${keyType} like ${distributed[0]}`);
    const pk = cons.find((c) => c.tbl === t && c.type === 'p');
    if (!pk) violations.push(`${t}: no primary key`);
    else if (!leads(pk.cols))
      violations.push(`${t}: primary key ${pk.name} (${pk.cols}) does not lead with ${TENANT_KEY}`);
  }
  const uniques = (await query(UNIQUE_INDEXES)) as {
    tbl: string;
    name: string;
    partial: boolean;
    cols: string;
  }[];
  for (const u of uniques) {
    if (isDist.has(u.tbl) && !leads(u.cols)) {
      const kind = u.partial ? 'partial unique index' : 'unique index';
      violations.push(`${u.tbl}: ${kind} ${u.name} (${u.cols}) does not lead with ${TENANT_KEY}`);
    }
  }
  const fks = cons.filter((c) => c.type === 'f' && c.ref);
  for (const f of fks) {
    const ref = f.ref as string;
    if (isDist.has(f.tbl) && isDist.has(ref)) {
      if (!leads(f.cols) || !leads(f.ref_cols))
        violations.push(
          `${f.tbl}: foreign key ${f.name} (${f.cols}) -> ${ref} (${f.ref_cols}) does not lead with ${TENANT_KEY} on both sides`,
        );
    } else if (isDist.has(f.tbl)) reference.add(ref);
  }
  // A reference table's own foreign keys must land on reference tables too; none may point at a tenant table.
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of fks) {
      if (reference.has(f.tbl) && !isDist.has(f.ref as string) && !reference.has(f.ref as string)) {
        reference.add(f.ref as string);
        grew = true;
      }
    }
  }
  for (const f of fks) {
    if (!isDist.has(f.tbl) && isDist.has(f.ref as string))
      violations.push(
        `${f.tbl}: foreign key ${f.name} -> ${f.ref}: a table that is not distributed cannot reference a tenant table`,
      );
  }
  return {
    distributed,
    reference: [...reference].sort(),
    local: tables.map((t) => t.name).filter((t) => !isDist.has(t) && !reference.has(t)),
    violations,
  };
};

/** The plan as SQL for the Citus coordinator (docs/scaling.md shows exactly this). */
export const planSql = (plan: CitusPlan): string => {
  const [first] = plan.distributed;
  const lines = ['-- Reference tables first: distributed tables may hold foreign keys to them.'];
  for (const t of plan.reference) lines.push(`SELECT create_reference_table('${t}');`);
  lines.push(`-- One colocation group: every tenant table is sharded by ${TENANT_KEY} alongside '${first}'.`);
  for (const t of plan.distributed) {
    lines.push(
      t === first
        ? `SELECT create_distributed_table('${t}', '${TENANT_KEY}');`
        : `SELECT create_distributed_table('${t}', '${TENANT_KEY}', colocate_with => '${first}');`,
    );
  }
  lines.push(`-- Coordinator-local: ${plan.local.join(', ')}.`);
  return `${lines.join('\n')}\n`;
};

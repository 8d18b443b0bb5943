import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CitusPlan, planSql, walkSchema } from './citus-walk.js';

// The schema walk on a scratch schema holding one good and one bad table of each kind, so the migrated
// schema's test (citus-schema.test.ts) is known to fail when a table would not distribute.

const SCRATCH = `
  create table regions (id bigint primary key, name text);            -- reference: a tenant table points at it
  create table countries (code text primary key);                     -- reference too: regions' target below
  alter table regions add column country text references countries (code);
  create table settings (key text primary key, value text);           -- local: nothing tenant-side uses it
  create table directory (domain text primary key, tenant_id bigint); -- global, with tenant_id

  create table good_parent (tenant_id bigint not null, id bigint not null, code text, token text,
    region_id bigint references regions (id),
    primary key (tenant_id, id), unique (tenant_id, code));
  create unique index good_parent_token_uq on good_parent (tenant_id, token) where token is not null;
  create table good_child (tenant_id bigint not null, id bigint not null, parent_id bigint,
    primary key (tenant_id, id), foreign key (tenant_id, parent_id) references good_parent (tenant_id, id));

  create table no_pk (tenant_id bigint not null, id bigint);
  create table bad_pk (id bigint primary key, tenant_id bigint not null);
  create table bad_unique (tenant_id bigint not null, id bigint not null, code text,
    primary key (tenant_id, id), constraint bad_unique_code_key unique (code, tenant_id));
  create table bad_index (tenant_id bigint not null, id bigint not null, token text,
    primary key (tenant_id, id));
  create unique index bad_index_token_uq on bad_index (token);
  create unique index bad_index_live_uq on bad_index (lower(token), tenant_id) where token is not null;
  create table bad_child (tenant_id bigint not null, id bigint not null, parent_id bigint,
    primary key (tenant_id, id), constraint bad_child_parent_fk foreign key (parent_id, tenant_id)
    references good_parent (id, tenant_id));
  create table narrow_key (tenant_id integer not null, id bigint not null, primary key (tenant_id, id));
  create table audit (id bigint primary key, parent_tenant bigint, parent_id bigint,
    constraint audit_parent_fk foreign key (parent_tenant, parent_id) references good_parent (tenant_id, id));
`;

describe('Citus schema walk on a scratch schema', () => {
  let db: PGlite;
  let plan: CitusPlan;
  beforeAll(async () => {
    db = await PGlite.create('memory://');
    await db.exec(SCRATCH);
    plan = await walkSchema(
      async (text) => (await db.query<Record<string, unknown>>(text)).rows,
      new Set(['directory']),
      [],
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it('names each table and constraint that would not distribute by tenant_id, and only those', () => {
    expect(plan.violations.sort()).toEqual(
      [
        'audit: foreign key audit_parent_fk -> good_parent: a table that is not distributed cannot reference a tenant table',
        'bad_child: foreign key bad_child_parent_fk (parent_id,tenant_id) -> good_parent (id,tenant_id) does not lead with tenant_id on both sides',
        'bad_index: partial unique index bad_index_live_uq (<expr>,tenant_id) does not lead with tenant_id',
        'bad_index: unique index bad_index_token_uq (token) does not lead with tenant_id',
        'bad_pk: primary key bad_pk_pkey (id) does not lead with tenant_id',
        'bad_unique: unique index bad_unique_code_key (code,tenant_id) does not lead with tenant_id',
        'narrow_key: tenant_id is integer, not bigint like bad_child',
        'no_pk: no primary key',
      ].sort(),
    );
  });

  it('distributes tenant tables, copies what they reference and keeps the rest on the coordinator', () => {
    expect(plan.distributed).toEqual([
      'bad_child',
      'bad_index',
      'bad_pk',
      'bad_unique',
      'good_child',
      'good_parent',
      'narrow_key',
      'no_pk',
    ]);
    expect(plan.reference).toEqual(['countries', 'regions']);
    expect(plan.local).toEqual(['audit', 'directory', 'settings']);
  });

  it('prints reference tables before the colocated distributed tables', () => {
    const lines = planSql(plan).split('\n');
    expect(lines).toContain("SELECT create_reference_table('countries');");
    expect(lines).toContain("SELECT create_distributed_table('bad_child', 'tenant_id');");
    expect(lines).toContain(
      "SELECT create_distributed_table('good_parent', 'tenant_id', colocate_with => 'bad_child');",
    );
    const firstDist = lines.findIndex((l) => l.includes('create_distributed_table'));
    expect(lines.findLastIndex((l) => l.includes('create_reference_table'))).toBeLessThan(firstDist);
  });
});

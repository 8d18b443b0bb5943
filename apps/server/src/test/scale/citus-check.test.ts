import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// scripts/citus-check.mjs on hand-written statements: every way two tenant tables meet (JOIN, comma,
// subquery in FROM, CTE, LATERAL, EXISTS, IN, scalar subquery, INSERT … SELECT, UPDATE … FROM) is
// refused unless their tenant keys are equated or bound to the same parameter or constant.

interface Model {
  distributed: Set<string>;
  reference: Set<string>;
  columns: Map<string, Set<string>>;
}
interface Checker {
  ready(): Promise<void>;
  checkStatement(text: string, model: Model, same?: string[][]): string[];
  checkStatementFull(text: string, model: Model): { problems: string[]; exempt: string[] };
  readCapture(dir: string): Map<string, string[][]>;
  loadModel(): Model;
}

const root = path.resolve(import.meta.dirname, '../../../../..');
let check: Checker;

const cols = (...c: string[]) => new Set(c);
const model: Model = {
  distributed: new Set(['devices', 'readings', 'areas']),
  reference: new Set(['tenants']),
  columns: new Map([
    ['devices', cols('tenant_id', 'id', 'area_id', 'name')],
    ['readings', cols('tenant_id', 'id', 'device_id', 'value')],
    ['areas', cols('tenant_id', 'id', 'parent_id', 'name')],
    ['tenants', cols('id', 'time_zone')],
    ['sessions', cols('id', 'user_id')],
  ]),
};
const problems = (text: string) => check.checkStatement(text, model);

beforeAll(async () => {
  check = (await import(path.join(root, 'scripts/citus-check.mjs'))) as Checker;
  await check.ready();
});

describe('citus-check accepts co-located statements', () => {
  it.each([
    [
      'a join on both keys',
      'select d.id from devices d join readings r on r.tenant_id = d.tenant_id and r.device_id = d.id',
    ],
    [
      'a join bound to one parameter',
      'select 1 from devices d join readings r on r.device_id = d.id where d.tenant_id = $1 and r.tenant_id = $1',
    ],
    [
      'a join bound to one constant',
      'select 1 from devices d, readings r where r.device_id = d.id and d.tenant_id = 7 and r.tenant_id = 7',
    ],
    [
      'keys equated through a third table',
      'select 1 from devices d join areas a on a.tenant_id = d.tenant_id join readings r on r.tenant_id = a.tenant_id',
    ],
    ['join … using', 'select 1 from devices join readings using (tenant_id)'],
    [
      'a page with its count as an uncorrelated scalar subquery (paging.ts), run once on its own',
      'select d.id, (select count(*) from devices where devices.tenant_id = $1) from devices d join areas a on a.tenant_id = d.tenant_id and a.id = d.area_id where d.tenant_id = $2 limit $3',
    ],
    [
      'a correlated EXISTS',
      'select id from devices d where exists (select 1 from readings r where r.tenant_id = d.tenant_id and r.device_id = d.id)',
    ],
    [
      'a CTE that carries the key',
      'with last as (select tenant_id, device_id, max(id) as id from readings group by tenant_id, device_id) select d.id from devices d join last l on l.tenant_id = d.tenant_id and l.device_id = d.id',
    ],
    [
      'a LATERAL subquery',
      'select d.id, x.v from devices d, lateral (select r.value as v from readings r where r.tenant_id = d.tenant_id and r.device_id = d.id limit 1) x',
    ],
    ['a reference table', 'select d.id, t.time_zone from devices d join tenants t on t.id = d.tenant_id'],
    ['unqualified columns of one table', 'select id from devices where tenant_id = $1'],
    [
      'insert … select keeping the key',
      'insert into readings (tenant_id, device_id, value) select d.tenant_id, d.id, 0 from devices d',
    ],
    [
      'update … from on the key',
      'update devices d set name = a.name from areas a where a.tenant_id = d.tenant_id and a.id = d.area_id',
    ],
    [
      'a recursive CTE',
      'with recursive up as (select tenant_id, id, parent_id from areas where id = $1 union select a.tenant_id, a.id, a.parent_id from areas a join up on a.tenant_id = up.tenant_id and a.id = up.parent_id) select d.id from devices d join up on up.tenant_id = d.tenant_id and up.id = d.area_id',
    ],
  ])('%s', (_name, text) => {
    expect(problems(text)).toEqual([]);
  });
});

describe('citus-check refuses statements that would join across shards', () => {
  it.each([
    [
      'a join on the id only',
      'select 1 from devices d join readings r on r.device_id = d.id',
      'devices ⋈ readings (join)',
    ],
    [
      'keys bound to two parameters',
      'select 1 from devices d join readings r on r.device_id = d.id where d.tenant_id = $1 and r.tenant_id = $2',
      'devices ⋈ readings (join)',
    ],
    [
      'keys bound to two constants',
      'select 1 from devices d, readings r where d.tenant_id = 1 and r.tenant_id = 2',
      'devices ⋈ readings (comma)',
    ],
    [
      'an OR does not bind',
      'select 1 from devices d join readings r on r.tenant_id = d.tenant_id or r.device_id = d.id',
      'devices ⋈ readings (join)',
    ],
    [
      'an uncorrelated IN',
      'select id from devices where area_id in (select id from areas where name = $1)',
      'areas ⋈ devices (subquery)',
    ],
    [
      'a correlated EXISTS on the id only',
      'select id from devices d where exists (select 1 from readings r where r.device_id = d.id)',
      'devices ⋈ readings (subquery)',
    ],
    [
      'a scalar subquery in the select list',
      'select d.id, (select count(*) from readings r where r.device_id = d.id) from devices d',
      'devices ⋈ readings (subquery)',
    ],
    [
      'a CTE without the key',
      'with last as (select device_id, max(id) as id from readings group by device_id) select d.id from devices d join last l on l.device_id = d.id',
      'devices ⋈ readings (join)',
    ],
    [
      'a LATERAL subquery on the id only',
      'select d.id from devices d, lateral (select r.value from readings r where r.device_id = d.id limit 1) x',
      'devices ⋈ readings (comma)',
    ],
    [
      'an uncorrelated scalar subquery is checked as its own query',
      'select d.id, (select count(*) from devices x join readings r on r.device_id = x.id) from devices d',
      'devices ⋈ readings (join)',
    ],
    [
      'a scalar subquery naming the outer table by its own name is correlated',
      'select devices.id, (select count(*) from readings r where r.device_id = devices.id) from devices',
      'devices ⋈ readings (subquery)',
    ],
    [
      'a bare tenant_id in a subquery, which is the inner table’s own',
      'select d.id, (select count(*) from readings r where r.tenant_id = tenant_id and r.device_id = d.id) from devices d',
      'devices ⋈ readings (subquery)',
    ],
    ['a self-join', 'select 1 from areas a join areas p on p.id = a.parent_id', 'areas ⋈ areas (join)'],
    [
      'insert … select from another tenant',
      'insert into readings (tenant_id, device_id, value) select $1, d.id, 0 from devices d',
      'devices ⋈ readings (insert … select)',
    ],
    [
      'update … from on the id only',
      'update devices d set name = a.name from areas a where a.id = d.area_id',
      'areas ⋈ devices (comma)',
    ],
    [
      'a table neither distributed nor reference',
      'select 1 from devices d join sessions s on s.id = d.id',
      'devices ⋈ sessions: sessions is neither distributed nor a reference table',
    ],
  ])('%s', (_name, text, expected) => {
    expect(problems(text).join('; ')).toContain(expected);
  });
});

describe('citus-check with parameter values from the capture', () => {
  const twoParams =
    'select 1 from devices d join readings r on r.device_id = d.id where d.tenant_id = $1 and r.tenant_id = $2';

  it('accepts tenant keys bound to two parameters that carried one value', () => {
    expect(check.checkStatement(twoParams, model, [['$1', '$2']])).toEqual([]);
  });

  it('still refuses them when only other parameters carried one value', () => {
    expect(check.checkStatement(`${twoParams} and d.id = $3`, model, [['$1', '$3']])).not.toEqual([]);
  });

  it('keeps only the equalities every capture of a statement agrees on', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'citus-capture-'));
    try {
      const end = '\n-- tilth:end\n';
      writeFileSync(path.join(dir, '1.sql'), `-- tilth:same $1=$2=$3\n${twoParams}${end}select 1${end}`);
      writeFileSync(path.join(dir, '2.sql'), `-- tilth:same $1=$2\n${twoParams}${end}`);
      writeFileSync(path.join(dir, '3.sql'), `${twoParams}${end}`);
      const stmts = check.readCapture(dir);
      expect([...stmts.keys()].sort()).toEqual(['select 1', twoParams].sort());
      // 3.sql captured it with no repeated value: nothing is known to be equal.
      expect(stmts.get(twoParams)).toEqual([]);
      rmSync(path.join(dir, '3.sql'));
      expect(check.readCapture(dir).get(twoParams)).toEqual([['$1', '$2']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('citus-check cross-tenant reads', () => {
  it('counts a notices read for two tenants apart instead of failing it', () => {
    const text =
      'select n.id from notices n left join notice_reads r on r.notice_tenant_id = n.tenant_id and r.notice_id = n.id where n.tenant_id in ($1, $2)';
    const m: Model = {
      ...model,
      distributed: new Set([...model.distributed, 'notices', 'notice_reads']),
    };
    expect(check.checkStatementFull(text, m)).toEqual({ problems: [], exempt: ['notices'] });
    expect(check.checkStatement(text.replace('in ($1, $2)', '= $1'), m)).toEqual([
      'notice_reads ⋈ notices (join): tenant keys not equated',
    ]);
  });
});

describe('citus-check model', () => {
  it('reads the distributed and reference tables from the plan in docs/scaling.md', () => {
    const m = check.loadModel();
    expect(m.distributed.has('devices')).toBe(true);
    expect(m.distributed.has('memberships')).toBe(false);
    expect(m.reference.has('memberships')).toBe(true);
    expect(m.columns.get('devices')?.has('tenant_id')).toBe(true);
  });
});

// Checks captured SQL (TILTH_SQL_CAPTURE=<dir>, platform/db/sql-capture.ts) for Citus co-location: every
// join between two tenant tables — JOIN … ON, comma joins, subqueries in FROM, CTEs, LATERAL, and
// subqueries in WHERE / SELECT / HAVING (EXISTS, IN, scalar) — must equate their tenant keys
// (a.tenant_id = b.tenant_id) or bind both to the same parameter or constant — or to parameters that
// carried the same value when captured (`-- tilth:same`, Drizzle makes a new $n for each interpolation
// of the tenant id; Citus prunes each table by its bound value, so the statement runs on one shard); and
// a tenant table may be joined only to reference tables, not to coordinator-local ones. The tables' roles come from the plan in
// docs/scaling.md (tested against the catalog), their columns from the latest Drizzle snapshot.
//   node scripts/citus-check.mjs <capture dir>   prints each offending statement; exits 1 if any.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { loadModule, parseSync } = require('libpg-query');

const root = path.resolve(import.meta.dirname, '..');
const KEY = 'tenant_id';
export const CAPTURE_END = '\n-- tilth:end\n';

/**
 * Tables some statements read for two tenants at once on purpose (`tenant_id in (…)`), which no key can
 * co-locate. Such a statement is counted apart, not failed; each entry says why and what Citus needs.
 */
export const CROSS_TENANT = {
  notices:
    "platform announcements (tenant 0) are listed with the reader tenant's own, tenant_id in (t, 0); on Citus they need a reference table of their own",
  pest_knowledge:
    "the platform's pest knowledge base (tenant 0) is read with the tenant's own entries and overrides, tenant_id in (t, 0); on Citus the platform's entries need a reference table of their own",
};

/** Table roles from the plan block of docs/scaling.md and columns from the newest Drizzle snapshot. */
export const loadModel = () => {
  const doc = readFileSync(path.join(root, 'docs/scaling.md'), 'utf8');
  const block = /<!-- citus-plan:start -->([\s\S]*?)<!-- citus-plan:end -->/.exec(doc)?.[1] ?? '';
  const names = (re) => [...block.matchAll(re)].map((m) => m[1]);
  const metaDir = path.join(root, 'apps/server/drizzle/meta');
  const snap = readdirSync(metaDir)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  const tables = JSON.parse(readFileSync(path.join(metaDir, snap), 'utf8')).tables;
  const columns = new Map(Object.values(tables).map((t) => [t.name, new Set(Object.keys(t.columns))]));
  return {
    distributed: new Set(names(/create_distributed_table\('([a-z0-9_]+)'/g)),
    reference: new Set(names(/create_reference_table\('([a-z0-9_]+)'/g)),
    columns,
  };
};

// ---- union-find over terms: 'i3.tenant_id' (a column of relation instance 3), '$1', 'c:42' ----
class Classes {
  parent = new Map();
  find(x) {
    let p = this.parent.get(x) ?? x;
    if (p !== x) {
      p = this.find(p);
      this.parent.set(x, p);
    }
    return p;
  }
  union(a, b) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

const str = (n) => n?.String?.sval;

/** Checks one statement; answers a list of problems ('devices ⋈ areas: …'), empty when it co-locates. */
export const checkStatement = (text, model, same = []) => checkStatementFull(text, model, same).problems;

/**
 * Problems of one statement, and `exempt`: the CROSS_TENANT tables it reads for several tenants on
 * purpose (its problems are then not counted). `same` lists groups of parameters of one value.
 */
export const checkStatementFull = (text, model, same = []) => {
  const ast = parseSync(text);
  const cls = new Classes();
  for (const g of same) for (const p of g.slice(1)) cls.union(g[0], p);
  const exempt = new Set();
  const instances = []; // { id, table }
  const problems = [];
  const pairs = []; // [instanceA, instanceB, where]
  const mixed = []; // [tenant instance, non-distributed table]
  let next = 0;

  const newInstance = (table) => {
    const inst = { id: next++, table };
    instances.push(inst);
    return inst;
  };

  // A relation visible in a block: { alias, kind: 'base'|'derived', inst?, cols?: Map<col, term>, tenant: [inst] }
  const baseRel = (table, alias) => {
    const inst = newInstance(table);
    const rel = { alias: alias ?? table, table, inst, tenant: [], other: [] };
    if (model.distributed.has(table)) rel.tenant.push(inst);
    else if (!model.reference.has(table) && model.columns.has(table)) rel.other.push(table);
    return rel;
  };

  /** A term for an expression, or undefined when it is not a plain column, parameter or constant. */
  const termOf = (node, scope) => {
    if (!node) return undefined;
    if (node.TypeCast) return termOf(node.TypeCast.arg, scope);
    if (node.ParamRef) return `$${node.ParamRef.number}`;
    if (node.A_Const) {
      const c = node.A_Const;
      const v = c.ival?.ival ?? c.sval?.sval ?? c.fval?.fval ?? (c.ival ? 0 : undefined);
      return v === undefined ? undefined : `c:${v}`;
    }
    if (node.FuncCall) {
      const fn = node.FuncCall.funcname?.map(str).join('.');
      const arg = node.FuncCall.args?.[0];
      if (fn === 'current_setting' && arg?.A_Const) return `setting:${arg.A_Const.sval?.sval}`;
      if (fn === 'nullif') return termOf(arg, scope);
      return undefined;
    }
    if (node.ColumnRef) return resolve(node.ColumnRef.fields, scope);
    return undefined;
  };

  const colTerm = (rel, col) => {
    if (rel.inst) return `i${rel.inst.id}.${col}`;
    return rel.cols?.get(col) ?? `d${rel.dId}.${col}`;
  };
  const hasCol = (rel, col) =>
    rel.inst ? (model.columns.get(rel.table)?.has(col) ?? false) : (rel.cols?.has(col) ?? false);

  function resolve(fields, scope) {
    const parts = fields.map(str);
    if (parts.some((p) => p === undefined)) return undefined; // a star
    const col = parts.at(-1);
    for (let s = scope; s; s = s.parent) {
      if (parts.length >= 2) {
        const rel = s.rels.find((r) => r.alias === parts.at(-2));
        if (rel) return colTerm(rel, col);
      } else {
        const rel = s.rels.find((r) => hasCol(r, col));
        if (rel) return colTerm(rel, col);
      }
    }
    return undefined;
  }

  /** Equates the terms of every `a = b` in a conjunction (OR branches bind nothing). */
  const bindQuals = (node, scope) => {
    if (!node) return;
    if (node.BoolExpr?.boolop === 'AND_EXPR') {
      for (const a of node.BoolExpr.args) bindQuals(a, scope);
      return;
    }
    const e = node.A_Expr;
    if (e?.kind === 'AEXPR_IN') {
      const m = /^i(\d+)\.tenant_id$/.exec(termOf(e.lexpr, scope) ?? '');
      const table = m ? instances.find((i) => i.id === Number(m[1]))?.table : undefined;
      if (table && Object.hasOwn(CROSS_TENANT, table)) exempt.add(table);
    }
    if (e?.kind === 'AEXPR_OP' && str(e.name?.[0]) === '=') {
      const l = termOf(e.lexpr, scope);
      const r = termOf(e.rexpr, scope);
      if (l && r) cls.union(l, r);
    }
  };

  /** Every SubLink (EXISTS, IN, scalar) inside an expression, without descending into their queries. */
  const sublinks = (node, out = []) => {
    if (node === null || typeof node !== 'object') return out;
    if (Array.isArray(node)) {
      for (const n of node) sublinks(n, out);
      return out;
    }
    if (node.SubLink) {
      out.push(node.SubLink);
      sublinks(node.SubLink.testexpr, out);
      return out;
    }
    for (const v of Object.values(node)) sublinks(v, out);
    return out;
  };

  const pairUp = (left, right, where) => {
    for (const a of left) for (const b of right) if (a !== b) pairs.push([a, b, where]);
  };

  /** A FROM item: registers its relations in `scope` and answers its tenant instances. */
  const fromItem = (node, scope, ctes) => {
    if (node.RangeVar) {
      const name = node.RangeVar.relname;
      const alias = node.RangeVar.alias?.aliasname;
      const cte = node.RangeVar.schemaname ? undefined : ctes.get(name);
      const rel = cte ? { ...cte, alias: alias ?? name } : baseRel(name, alias);
      scope.rels.push(rel);
      return rel;
    }
    if (node.RangeSubselect) {
      const rs = node.RangeSubselect;
      // LATERAL sees the items before it; a plain subquery in FROM sees only the outer blocks.
      const inner = block(rs.subquery, rs.lateral ? scope : scope.parent, ctes);
      const rel = { ...inner, alias: rs.alias?.aliasname };
      scope.rels.push(rel);
      return rel;
    }
    if (node.RangeFunction) {
      const rel = { alias: node.RangeFunction.alias?.aliasname, cols: new Map(), tenant: [], other: [] };
      scope.rels.push(rel);
      return rel;
    }
    if (node.JoinExpr) {
      const j = node.JoinExpr;
      const l = fromItem(j.larg, scope, ctes);
      const r = fromItem(j.rarg, scope, ctes);
      pairUp(l.tenant, r.tenant, 'join');
      for (const t of [...l.other, ...r.other])
        for (const i of [...l.tenant, ...r.tenant]) mixed.push([i, t]);
      bindQuals(j.quals, scope);
      for (const n of j.usingClause ?? []) {
        const ta = colTerm(l, str(n));
        const tb = colTerm(r, str(n));
        cls.union(ta, tb);
      }
      for (const sl of sublinks(j.quals)) linked(sl, scope, ctes, [...l.tenant, ...r.tenant]);
      return {
        alias: j.alias?.aliasname,
        tenant: [...l.tenant, ...r.tenant],
        other: [...l.other, ...r.other],
      };
    }
    return { tenant: [], other: [] };
  };

  /**
   * Whether a subquery reads a column of an enclosing query: a qualified column whose table or alias is
   * not one of the subquery's own, or an unqualified one none of its own tables has. Conservative: a
   * derived table inside counts as having every column.
   */
  const correlated = (sub) => {
    const names = new Set();
    const tables = [];
    let derived = false;
    const walk = (n, visit) => {
      if (n === null || typeof n !== 'object') return;
      if (Array.isArray(n)) {
        for (const x of n) walk(x, visit);
        return;
      }
      visit(n);
      for (const v of Object.values(n)) walk(v, visit);
    };
    walk(sub, (n) => {
      if (n.RangeVar) {
        names.add(n.RangeVar.relname);
        if (n.RangeVar.alias?.aliasname) names.add(n.RangeVar.alias.aliasname);
        tables.push(n.RangeVar.relname);
      }
      if (n.RangeSubselect?.alias?.aliasname) names.add(n.RangeSubselect.alias.aliasname);
      if (n.RangeSubselect || n.RangeFunction) derived = true;
      if (n.CommonTableExpr?.ctename) names.add(n.CommonTableExpr.ctename);
    });
    let outer = false;
    walk(sub, (n) => {
      const parts = n.ColumnRef?.fields?.map(str);
      if (!parts || parts.some((x) => x === undefined)) return;
      if (parts.length >= 2) outer ||= !names.has(parts.at(-2));
      else outer ||= !derived && !tables.some((t) => model.columns.get(t)?.has(parts[0]));
    });
    return outer;
  };

  /**
   * A subquery in an expression: joined (semi-join or correlated) with the block's tenant tables. An
   * uncorrelated scalar subquery (a list's count beside its page, platform/db/paging.ts) joins nothing:
   * PostgreSQL runs it once, and Citus plans it as a subplan of its own; it is checked as its own query.
   */
  const linked = (sl, scope, ctes, outerTenant) => {
    if (sl.subLinkType === 'EXPR_SUBLINK' && !correlated(sl.subselect)) {
      block(sl.subselect, undefined, ctes);
      return;
    }
    const inner = block(sl.subselect, scope, ctes);
    pairUp(inner.tenant, outerTenant, 'subquery');
    for (const t of inner.other) for (const i of outerTenant) mixed.push([i, t]);
    for (const t of [...scope.rels.flatMap((r) => r.other)]) for (const i of inner.tenant) mixed.push([i, t]);
    if (sl.subLinkType === 'ANY_SUBLINK' && sl.testexpr) {
      const l = termOf(sl.testexpr, scope);
      const r = inner.first;
      if (l && r) cls.union(l, r);
    }
  };

  const withCtes = (withClause, scope, ctes) => {
    const mine = new Map(ctes);
    for (const c of withClause?.ctes ?? []) {
      const cte = c.CommonTableExpr;
      const rel = block(cte.ctequery, scope, mine);
      mine.set(cte.ctename, rel);
    }
    return mine;
  };

  /** One query block (SELECT, set operation, DML): answers it as a derived relation. */
  function block(node, parentScope, outerCtes) {
    const scope = { rels: [], parent: parentScope };
    const dId = next++;
    const out = { dId, cols: new Map(), tenant: [], other: [] };
    const stmt = node.SelectStmt ?? node.InsertStmt ?? node.UpdateStmt ?? node.DeleteStmt;
    if (!stmt) return out;
    const ctes = withCtes(stmt.withClause, parentScope, outerCtes);
    if (node.SelectStmt && stmt.op && stmt.op !== 'SETOP_NONE') {
      const l = block({ SelectStmt: stmt.larg }, parentScope, ctes);
      const r = block({ SelectStmt: stmt.rarg }, parentScope, ctes);
      for (const [c, t] of l.cols) {
        out.cols.set(c, t);
        const rt = r.cols.get(c);
        if (rt) cls.union(t, rt);
      }
      out.first = l.first;
      out.tenant = [...l.tenant, ...r.tenant];
      out.other = [...l.other, ...r.other];
      return out;
    }
    const items = [];
    if (node.UpdateStmt || node.DeleteStmt) items.push(fromItem({ RangeVar: stmt.relation }, scope, ctes));
    for (const f of stmt.fromClause ?? stmt.usingClause ?? []) items.push(fromItem(f, scope, ctes));
    for (let a = 0; a < items.length; a++)
      for (let b = a + 1; b < items.length; b++) pairUp(items[a].tenant, items[b].tenant, 'comma');
    const tenant = items.flatMap((i) => i.tenant);
    const other = items.flatMap((i) => i.other);
    for (const t of other) for (const i of tenant) if (items.length > 1) mixed.push([i, t]);
    bindQuals(stmt.whereClause, scope);
    bindQuals(stmt.havingClause, scope);
    const exprs = [stmt.whereClause, stmt.havingClause, stmt.targetList, stmt.returningList];
    for (const sl of sublinks(exprs)) linked(sl, scope, ctes, tenant);
    if (node.InsertStmt) {
      const target = baseRel(stmt.relation.relname);
      scope.rels.push(target);
      const src = stmt.selectStmt?.SelectStmt?.valuesLists ? undefined : stmt.selectStmt;
      if (src && target.tenant.length > 0) {
        const inner = block(src, scope.parent, ctes);
        const pos = (stmt.cols ?? []).findIndex((c) => c.ResTarget?.name === KEY);
        const key = pos >= 0 ? inner.byPos?.[pos] : undefined;
        if (key) cls.union(`i${target.inst.id}.${KEY}`, key);
        pairUp(target.tenant, inner.tenant, 'insert … select');
      }
    }
    // What the block shows outside: its output columns (a star shows every visible relation's).
    out.byPos = [];
    for (const t of stmt.targetList ?? []) {
      const rt = t.ResTarget;
      const fields = rt?.val?.ColumnRef?.fields;
      if (fields?.at(-1)?.A_Star) {
        for (const r of scope.rels)
          for (const c of r.inst ? (model.columns.get(r.table) ?? []) : (r.cols?.keys() ?? []))
            if (!out.cols.has(c)) out.cols.set(c, colTerm(r, c));
        continue;
      }
      const term = termOf(rt?.val, scope);
      const name = rt?.name ?? (fields ? str(fields.at(-1)) : undefined);
      out.byPos.push(term);
      if (name) out.cols.set(name, term ?? `d${dId}.${name}`);
    }
    out.first = out.byPos[0];
    out.tenant = tenant;
    out.other = other;
    // A derived table's tenant_id is its rows' tenant: tie it to the tenant tables inside.
    return out;
  }

  for (const s of ast.stmts ?? []) block(s.stmt, undefined, new Map());

  const seen = new Set();
  for (const [a, b, where] of pairs) {
    const ka = cls.find(`i${a.id}.${KEY}`);
    const kb = cls.find(`i${b.id}.${KEY}`);
    if (ka === kb) continue;
    const names = [a.table, b.table].sort().join(' ⋈ ');
    const msg = `${names} (${where}): tenant keys not equated`;
    if (!seen.has(msg)) problems.push(msg);
    seen.add(msg);
  }
  for (const [i, t] of mixed) {
    const msg = `${i.table} ⋈ ${t}: ${t} is neither distributed nor a reference table`;
    if (!seen.has(msg)) problems.push(msg);
    seen.add(msg);
  }
  return exempt.size > 0 ? { problems: [], exempt: [...exempt] } : { problems, exempt: [] };
};

/**
 * Every distinct statement of a capture directory, each with the parameter pairs of one value in every
 * capture of it (a Map of text to ['$1=$3', …]).
 */
export const readCapture = (dir) => {
  const out = new Map();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
    for (const s of readFileSync(path.join(dir, f), 'utf8').split(CAPTURE_END)) {
      const m = /^-- tilth:same (.*)\n/.exec(s);
      const text = m ? s.slice(m[0].length) : s;
      if (!text.trim()) continue;
      const pairs = new Set();
      for (const g of m ? m[1].split(' ') : []) {
        const ps = g.split('=');
        for (const p of ps.slice(1)) pairs.add(`${ps[0]}=${p}`);
      }
      const seen = out.get(text);
      out.set(text, seen ? new Set([...seen].filter((p) => pairs.has(p))) : pairs);
    }
  }
  return new Map([...out].map(([t, pairs]) => [t, [...pairs].map((p) => p.split('='))]));
};

export const ready = () => loadModule();

const main = async () => {
  const dir = process.argv[2];
  if (!dir || !existsSync(dir)) {
    console.error('usage: node scripts/citus-check.mjs <capture dir>');
    process.exit(2);
  }
  await ready();
  const model = loadModel();
  const stmts = readCapture(dir);
  let bad = 0;
  let unparsed = 0;
  const exempt = new Map();
  for (const [s, same] of stmts) {
    let problems;
    try {
      const r = checkStatementFull(s, model, same);
      problems = r.problems;
      for (const t of r.exempt) exempt.set(t, (exempt.get(t) ?? 0) + 1);
    } catch (err) {
      unparsed++;
      console.log(`-- cannot parse (${err.message}):\n${s.trim()}\n`);
      continue;
    }
    if (problems.length === 0) continue;
    bad++;
    console.log(`-- ${problems.join('; ')}\n${s.trim()}\n`);
  }
  for (const [t, n] of exempt)
    console.log(`citus-check: ${n} statements read ${t} across tenants: ${CROSS_TENANT[t]}`);
  console.log(
    `citus-check: ${stmts.size} statements, ${bad} would not co-locate by ${KEY}, ${unparsed} unparsed`,
  );
  process.exit(bad + unparsed > 0 ? 1 : 0);
};

if (import.meta.url === `file://${process.argv[1]}`) await main();

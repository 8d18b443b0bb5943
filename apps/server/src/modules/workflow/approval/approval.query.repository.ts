import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';

// The approval centre's lists, one statement each with the names joined in (no per-row queries), served by
// approval_tasks_assignee_idx and approval_processes_applicant_idx.

export interface ListRow {
  id: number;
  processId: number;
  taskState: number | null;
  objectVersionNumber: number | null;
  dueAt: Date | null;
  formName: string;
  formCode: string;
  docType: string;
  thirdId: number;
  processState: number;
  currentNames: string;
  startTime: Date;
  submitName: string;
}

type Cell = string | number | Date | null | undefined;
type Raw = Record<string, Cell>;
const num = (v: Cell): number => Number(v);
const date = (v: Cell): Date => (v instanceof Date ? v : new Date(String(v)));

const toRow = (r: Raw): ListRow => ({
  id: num(r.id),
  processId: num(r.process_id),
  taskState: r.task_state == null ? null : num(r.task_state),
  objectVersionNumber: r.ovn == null ? null : num(r.ovn),
  dueAt: r.due_at == null ? null : date(r.due_at),
  formName: String(r.form_name),
  formCode: String(r.form_code),
  docType: String(r.doc_type),
  thirdId: num(r.third_id),
  processState: num(r.process_state),
  currentNames: String(r.current_names ?? ''),
  startTime: date(r.start_time),
  submitName: String(r.submit_name ?? ''),
});

const window = (limit: number | undefined, offset: number): SQL =>
  limit === undefined ? sql`` : sql` limit ${limit} offset ${offset}`;

/** The caller's tasks of one type, newest first. Waiting tasks (not their turn yet) only when asked for. */
export const listMyTasks = async (
  db: Db,
  tenantId: number,
  userId: number,
  taskType: string,
  taskState: number | undefined,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: ListRow[]; total: number }> => {
  const where = sql`t.tenant_id = ${tenantId} and t.assignee_id = ${userId} and t.task_type = ${taskType}
    and ${taskState === undefined ? sql`t.state <> 0` : sql`t.state = ${taskState}`}`;
  const rows = rowsOf<Raw>(
    await db.execute(sql`select t.id, t.process_id, t.state as task_state, t.object_version_number as ovn,
        t.due_at, p.form_name, p.form_code, p.doc_type, p.third_id, p.state as process_state,
        p.current_names, p.start_time, coalesce(nullif(u.real_name, ''), u.login_name) as submit_name
      from approval_tasks t
      join approval_processes p on p.tenant_id = t.tenant_id and p.id = t.process_id
      left join users u on u.id = p.applicant_id
      where ${where} order by t.id desc${window(limit, offset)}`),
  ).map(toRow);
  if (limit === undefined) return { rows, total: rows.length };
  const [c] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from approval_tasks t where ${where}`),
  );
  return { rows, total: Number(c?.n ?? 0) };
};

/** Whose processes: one applicant's, or one flow's (of one version, or all). */
export type ProcessScope = { applicantId: number } | { definitionId: number; version?: number | undefined };

/** Processes of an applicant or a flow, newest first. */
export const listProcesses = async (
  db: Db,
  tenantId: number,
  scope: ProcessScope,
  processState: number | undefined,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: ListRow[]; total: number }> => {
  const whose =
    'applicantId' in scope
      ? sql`p.applicant_id = ${scope.applicantId}`
      : sql`p.definition_id = ${scope.definitionId}${
          scope.version === undefined ? sql`` : sql` and p.definition_version = ${scope.version}`
        }`;
  const where = sql`p.tenant_id = ${tenantId} and ${whose}${
    processState === undefined ? sql`` : sql` and p.state = ${processState}`
  }`;
  const rows = rowsOf<Raw>(
    await db.execute(sql`select p.id, p.id as process_id, null as task_state, null as ovn, null as due_at,
        p.form_name, p.form_code, p.doc_type, p.third_id, p.state as process_state, p.current_names,
        p.start_time, coalesce(nullif(u.real_name, ''), u.login_name) as submit_name
      from approval_processes p
      left join users u on u.id = p.applicant_id
      where ${where} order by p.id desc${window(limit, offset)}`),
  ).map(toRow);
  if (limit === undefined) return { rows, total: rows.length };
  const [c] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from approval_processes p where ${where}`),
  );
  return { rows, total: Number(c?.n ?? 0) };
};

/** Processes the caller submitted, newest first. */
export const listMyProcesses = (
  db: Db,
  tenantId: number,
  userId: number,
  processState: number | undefined,
  limit: number | undefined,
  offset: number,
) => listProcesses(db, tenantId, { applicantId: userId }, processState, limit, offset);

/** The bell's counts: approvals to decide and copies not read. */
export const countOpen = async (
  db: Db,
  tenantId: number,
  userId: number,
): Promise<{ approval: number; carbonCopy: number }> => {
  const rows = rowsOf<{ task_type: string; n: string | number }>(
    await db.execute(sql`select task_type, count(*) as n from approval_tasks
      where tenant_id = ${tenantId} and assignee_id = ${userId} and state = 1
        and task_type in ('approval', 'carbon_copy')
      group by task_type`),
  );
  const of = (k: string) => Number(rows.find((r) => r.task_type === k)?.n ?? 0);
  return { approval: of('approval'), carbonCopy: of('carbon_copy') };
};

/** Whether the user has any task (of any kind) in the process. */
export const hasTaskIn = async (db: Db, tenantId: number, processId: number, userId: number) =>
  rowsOf(
    await db.execute(sql`select 1 from approval_tasks
      where tenant_id = ${tenantId} and process_id = ${processId} and assignee_id = ${userId} limit 1`),
  ).length > 0;

import type { TaskStatus } from '@tilth/contracts/task.types';

export { TASK_PHOTOS_MAX, TASK_STATUSES } from '@tilth/contracts/task.types';

/** Permission codes of the task pages and actions. */
export const TASK_CODES = {
  create: 'wfpf.farm.farm.task.ps.create',
  edit: 'wfpf.farm.farm.task.ps.edit',
  delete: 'wfpf.farm.farm.task.ps.delete',
  assign: 'wfpf.farm.farm.task.ps.assign',
  approve: 'wfpf.farm.farm.task.ps.approve',
} as const;

/** Tag colour of each shown status; overdue stands out in red. */
export const STATUS_COLOR: Record<TaskStatus, string> = {
  unassigned: 'default',
  not_started: 'blue',
  in_progress: 'processing',
  overdue: 'red',
  finished: 'green',
  closed: 'purple',
  canceled: 'default',
};

/** The order of the groups on "my tasks": work to do first, done last. */
export const MINE_GROUPS: readonly TaskStatus[] = [
  'overdue',
  'in_progress',
  'not_started',
  'unassigned',
  'finished',
  'closed',
  'canceled',
];

/** Rows grouped by shown status in MINE_GROUPS order; empty groups are left out. */
export const groupByStatus = <T extends { status: TaskStatus }>(rows: readonly T[]): [TaskStatus, T[]][] =>
  MINE_GROUPS.map((s) => [s, rows.filter((r) => r.status === s)] as [TaskStatus, T[]]).filter(
    ([, list]) => list.length > 0,
  );

/** Input lines as the form holds them (a row may still be empty). */
export interface InputLine {
  inputId?: number;
  quantity?: number | null;
}

/** Index of the first line repeating an earlier line's input ('the same input cannot be selected twice'). */
export const duplicateInputIndex = (lines: readonly InputLine[]): number => {
  const seen = new Set<number>();
  for (const [i, l] of lines.entries()) {
    if (l.inputId === undefined) continue;
    if (seen.has(l.inputId)) return i;
    seen.add(l.inputId);
  }
  return -1;
};

/** Complete lines only, in the shape the API takes. */
export const usedInputs = (lines: readonly InputLine[]): { inputId: number; quantity: number }[] =>
  lines.flatMap((l) =>
    l.inputId !== undefined && typeof l.quantity === 'number' && l.quantity > 0
      ? [{ inputId: l.inputId, quantity: l.quantity }]
      : [],
  );

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export const photoProblem = (file: { type: string; size: number }): 'type' | 'size' | null => {
  if (!PHOTO_TYPES.includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
};

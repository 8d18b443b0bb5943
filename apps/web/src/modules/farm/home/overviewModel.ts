import type { FarmOverviewTask } from '@tilth/contracts/farm-home.types';

export const TASK_STATUS_COLOR: Record<string, string> = {
  unassigned: 'default',
  not_started: 'blue',
  in_progress: 'processing',
};

/** Whole days a task is past its end date, counted from the farm's today ('YYYY-MM-DD'). */
export const daysOverdue = (task: Pick<FarmOverviewTask, 'endDate'>, today: string): number => {
  const end = Date.parse(`${task.endDate}T00:00:00Z`);
  const now = Date.parse(`${today}T00:00:00Z`);
  return Number.isFinite(end) && Number.isFinite(now) ? Math.max(0, Math.round((now - end) / 86_400_000)) : 0;
};

/** Share of the largest crop for the bars of the crop list (0–100). */
export const cropShares = (counts: readonly number[]): number[] => {
  const max = Math.max(0, ...counts);
  return counts.map((c) => (max > 0 ? Math.round((c / max) * 100) : 0));
};

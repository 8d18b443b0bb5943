import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { PlanTaskViewStatus } from '../api/plan.api';

const COLORS: Record<PlanTaskViewStatus, string | undefined> = {
  unassigned: 'default',
  not_started: 'blue',
  in_progress: 'processing',
  finished: 'green',
  closed: 'cyan',
  canceled: undefined,
  overdue: 'red',
};

/** A task's status (incl. the derived overdue) as a coloured tag. */
export function TaskStatusTag({ status }: { status: PlanTaskViewStatus }) {
  const { t } = useTranslation('farmPlan');
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}

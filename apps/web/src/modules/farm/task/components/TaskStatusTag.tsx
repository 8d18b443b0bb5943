import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '../api/task.api';
import { STATUS_COLOR } from '../taskModel';

/** The shown status (overdue derived by the server) as a coloured tag. */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('farmTask');
  return <Tag color={STATUS_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

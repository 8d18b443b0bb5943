import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { AUDIT_STATE_COLORS, type DocAuditState } from './approval.api';

/** A document's approval state as a coloured tag (draft / in approval / approved / rejected). */
export function AuditStateTag({ state }: { state: DocAuditState }) {
  const { t } = useTranslation('farm');
  return <Tag color={AUDIT_STATE_COLORS[state]}>{t(`farm:approval.state.${state}`)}</Tag>;
}

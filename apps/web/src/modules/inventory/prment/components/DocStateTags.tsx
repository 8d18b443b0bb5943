import type { DocAuditState } from '@tilth/contracts';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { AuditStateTag } from '../../../farm/approval/AuditStateTag';
import type { InvExecState } from '../api/invDoc.types';
import type { InvDocType } from '../docTypes';

const EXEC_COLORS: Record<InvExecState, string> = {
  pending: 'default',
  partial: 'warning',
  done: 'success',
};

/** A document's execution state in its type's words (inbound: not stored / partly / stored; outbound: out …). */
export function ExecStateTag({ type, state }: { type: InvDocType; state: InvExecState }) {
  const { t } = useTranslation('invDoc');
  return <Tag color={EXEC_COLORS[state]}>{t(`invDoc:exec.${type}.${state}`)}</Tag>;
}

/** Audit state, then (once approved) the execution state, and whether it reverses or was reversed. */
export function DocStateTags({
  type,
  auditState,
  execState,
  reversedFlag = 0,
  reversalOfId = null,
}: {
  type: InvDocType;
  auditState: DocAuditState;
  execState: InvExecState;
  reversedFlag?: number;
  reversalOfId?: number | null;
}) {
  const { t } = useTranslation('invDoc');
  return (
    <Space size={4} wrap>
      <AuditStateTag state={auditState} />
      {auditState === 'approved' ? <ExecStateTag type={type} state={execState} /> : null}
      {reversedFlag === 1 ? <Tag color="magenta">{t('invDoc:state.reversed')}</Tag> : null}
      {reversalOfId !== null ? <Tag color="purple">{t('invDoc:state.reversal')}</Tag> : null}
    </Space>
  );
}

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

/** Audit state, then (once approved) the execution state. */
export function DocStateTags({
  type,
  auditState,
  execState,
}: {
  type: InvDocType;
  auditState: DocAuditState;
  execState: InvExecState;
}) {
  return (
    <Space size={4} wrap>
      <AuditStateTag state={auditState} />
      {auditState === 'approved' ? <ExecStateTag type={type} state={execState} /> : null}
    </Space>
  );
}

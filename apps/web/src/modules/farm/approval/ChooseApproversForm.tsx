import { useQuery } from '@tanstack/react-query';
import type { ApprovalDocType, ApprovalPreviewStep } from '@tilth/contracts';
import Form from 'antd/es/form';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApproverPicker } from './ApproverPicker';
import { approvalApi, approvalKeys } from './approval.api';
import { type Picks, routeLine } from './chooseApprovers';

export interface ChooseApproversFormProps {
  tenantId: number;
  steps: readonly ApprovalPreviewStep[];
  /** The whole route as one line ("基地负责人 → 总监"), shown above the pickers. */
  route: string | null;
  onChange: (picks: Picks) => void;
}

/** One picker per step the applicant chooses for (the content of the "Choose approvers" dialog). */
export function ChooseApproversForm({ tenantId, steps, route, onChange }: ChooseApproversFormProps) {
  const { t } = useTranslation('farm');
  const [picks, setPicks] = useState<Record<string, number[]>>({});
  return (
    <Form layout="vertical" style={{ marginTop: 12 }}>
      {route ? (
        <Typography.Paragraph type="secondary">{t('farm:approval.route', { route })}</Typography.Paragraph>
      ) : null}
      {steps.map((s) => {
        const label = s.kind === 'cc' ? t('farm:approval.choose.ccStep', { name: s.name }) : s.name;
        return (
          <Form.Item key={s.nodeId} label={label} required>
            <ApproverPicker
              tenantId={tenantId}
              ariaLabel={label}
              value={picks[s.nodeId] ?? []}
              onChange={(ids) => {
                const next = { ...picks, [s.nodeId]: ids };
                setPicks(next);
                onChange(next);
              }}
            />
          </Form.Item>
        );
      })}
    </Form>
  );
}

/** Settles after the fields stop changing for `ms` (a form's sums change with every keystroke). */
const useSettled = <T,>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the serialised value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
};

export interface ApprovalRouteHintProps {
  tenantId: number;
  docType: ApprovalDocType;
  fields: Record<string, number>;
}

/** "审批流程：基地负责人 → 总监" beside a form's save button when a flow is bound; nothing otherwise. */
export function ApprovalRouteHint({ tenantId, docType, fields }: ApprovalRouteHintProps) {
  const { t } = useTranslation('farm');
  const settled = useSettled(fields, 400);
  const body = { docType, fields: settled };
  const preview = useQuery({
    queryKey: approvalKeys.preview(tenantId, body),
    queryFn: () => approvalApi.preview(tenantId, body, true),
    staleTime: 30_000,
  });
  const route = routeLine(preview.data);
  if (!route) return null;
  return (
    <Typography.Text type="secondary" data-testid="approval-route">
      {t('farm:approval.route', { route })}
    </Typography.Text>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/client';
import { useMessage } from '../../shared/FeedbackProvider';
import { approvalApi, approvalKeys, useProcessDetail } from './approval.api';
import {
  APPROVAL_COMMENT_MAX,
  type ApprovalTask,
  commentOf,
  type RejectTarget,
  rejectOptions,
} from './approvalModel';
import { useSingleFlight } from './useSingleFlight';

export type Decision = 'approve' | 'reject';

export interface ApprovalDecisionModalProps {
  tenantId: number;
  /** The task to decide; null: closed. */
  task: ApprovalTask | null;
  decision: Decision;
  onClose: () => void;
}

interface Values {
  comment?: string;
  target?: RejectTarget;
}

/** The comment box of every approval dialog: at most 200 characters with a counter (spec 01 §9). */
export function CommentField({ label }: { label: string }) {
  return (
    <Form.Item name="comment" label={label}>
      <Input.TextArea rows={4} maxLength={APPROVAL_COMMENT_MAX} showCount aria-label={label} />
    </Form.Item>
  );
}

/**
 * Approve or reject one task (spec 01 §4): a comment and, for a reject, where the process goes back to.
 * A second OK while the first is in flight is ignored (the button shows loading and the call is guarded).
 * On success the dialog closes and the lists and counts reload; a failure keeps it open with the server's
 * message.
 */
export function ApprovalDecisionModal({ tenantId, task, decision, onClose }: ApprovalDecisionModalProps) {
  const { t } = useTranslation('notice');
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const reject = decision === 'reject';
  const detail = useProcessDetail(tenantId, reject && task ? task.processId : null).data;
  const options = rejectOptions(detail);

  const submit = useSingleFlight(async (target: ApprovalTask, values: Values) => {
    const taskId = target.currentTaskId ?? target.id;
    const body = {
      taskId,
      comment: commentOf(values.comment),
      objectVersionNumber: target.objectVersionNumber ?? undefined,
    };
    setBusy(true);
    try {
      if (reject)
        await approvalApi.reject(tenantId, taskId, { ...body, target: values.target ?? 'applicant' });
      else await approvalApi.approve(tenantId, taskId, body);
      message.success(t(reject ? 'notice.approval.rejectSuccess' : 'notice.approval.reviewSuccess'));
      form.resetFields();
      onClose();
      await client.invalidateQueries({ queryKey: approvalKeys.all(tenantId) });
    } catch (err) {
      const failed = t(reject ? 'notice.approval.rejectFailed' : 'notice.approval.reviewFailed');
      message.error(`${failed}: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  });

  const onOk = async () => {
    if (!task) return;
    const values = await form.validateFields().catch(() => null);
    if (values) await submit(task, values);
  };

  return (
    <Modal
      open={task !== null}
      title={t(reject ? 'notice.approval.reject' : 'notice.approval.approve')}
      okText={t(reject ? 'notice.approval.reject' : 'notice.approval.approve')}
      cancelText={t('notice.cancel')}
      okButtonProps={{ danger: reject }}
      confirmLoading={busy}
      onOk={onOk}
      onCancel={onClose}
      destroyOnHidden
    >
      {task ? (
        <p className="tl-approval-decision__form">
          {task.formName} · {task.formCode}
        </p>
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ target: 'applicant' }}>
        {reject ? (
          <Form.Item name="target" label={t('notice.approval.sendBackTo')}>
            <Select<RejectTarget>
              aria-label={t('notice.approval.sendBackTo')}
              options={options.map((o) => ({
                value: o.target,
                label:
                  o.target === 'applicant'
                    ? t('notice.approval.target.applicant')
                    : o.target === 'previous'
                      ? t('notice.approval.target.previous')
                      : (o.name ?? o.target),
              }))}
            />
          </Form.Item>
        ) : null}
        <CommentField label={t('notice.approval.comment')} />
      </Form>
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/client';
import { useMessage } from '../../shared/FeedbackProvider';
import { CommentField } from './ApprovalDecisionModal';
import { approvalApi, approvalKeys } from './approval.api';
import { commentOf } from './approvalModel';
import { UserPicker } from './UserPicker';
import { useSingleFlight } from './useSingleFlight';

export type TaskAction = 'transfer' | 'addSigner';

export interface TaskActionModalProps {
  tenantId: number;
  action: TaskAction | null;
  /** My open task and its version. */
  taskId: number;
  objectVersionNumber: number | undefined;
  onClose: () => void;
}

interface Values {
  userId?: number;
  userIds?: number[];
  position?: 'before' | 'after';
  comment?: string;
}

/** Transfer my task to another user, or add signers before / after me; one request per click. */
export function TaskActionModal({
  tenantId,
  action,
  taskId,
  objectVersionNumber,
  onClose,
}: TaskActionModalProps) {
  const { t } = useTranslation('notice');
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const transfer = action === 'transfer';
  const key = transfer ? 'transfer' : 'addSigner';

  const submit = useSingleFlight(async (values: Values) => {
    const common = { taskId, comment: commentOf(values.comment), objectVersionNumber };
    setBusy(true);
    try {
      if (transfer) await approvalApi.transfer(tenantId, taskId, { ...common, userId: values.userId ?? 0 });
      else
        await approvalApi.addSigner(tenantId, taskId, {
          ...common,
          userIds: values.userIds ?? [],
          position: values.position ?? 'before',
        });
      message.success(t(`notice.approval.${key}.success`));
      form.resetFields();
      onClose();
      await client.invalidateQueries({ queryKey: approvalKeys.all(tenantId) });
    } catch (err) {
      message.error(`${t(`notice.approval.${key}.failed`)}: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  });

  const required = [{ required: true, message: t('notice.approval.pickUser') }];
  return (
    <Modal
      open={action !== null}
      title={t(`notice.approval.${key}`)}
      okText={t('notice.confirm')}
      cancelText={t('notice.cancel')}
      confirmLoading={busy}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (values) await submit(values);
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ position: 'before' }}>
        {transfer ? (
          <Form.Item name="userId" label={t('notice.approval.transferTo')} rules={required}>
            <UserPicker tenantId={tenantId} ariaLabel={t('notice.approval.transferTo')} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="userIds" label={t('notice.approval.signers')} rules={required}>
              <UserPicker tenantId={tenantId} multiple ariaLabel={t('notice.approval.signers')} />
            </Form.Item>
            <Form.Item name="position" label={t('notice.approval.position')}>
              <Radio.Group
                options={[
                  { value: 'before', label: t('notice.approval.position.before') },
                  { value: 'after', label: t('notice.approval.position.after') },
                ]}
              />
            </Form.Item>
          </>
        )}
        <CommentField label={t('notice.approval.comment')} />
      </Form>
    </Modal>
  );
}

import { TRACE_VOID_REASON_MAX } from '@tilth/contracts/trace-code.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';

/** Asks why codes are voided (one code or a whole package); the reason is kept with each code. */
export function VoidModal(props: {
  open: boolean;
  title: string;
  description: string;
  onCancel: () => void;
  onVoid: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation(['traceCode', 'common']);
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    await props.onVoid(reason.trim());
  };
  return (
    <Modal
      title={props.title}
      open={props.open}
      onCancel={props.onCancel}
      onOk={() => void submit()}
      okText={t('traceCode:void.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <p>{props.description}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('traceCode:void.reason')}
          rules={[
            { required: true, whitespace: true, message: t('traceCode:void.reasonRequired') },
            { max: TRACE_VOID_REASON_MAX, message: t('traceCode:tooLong', { max: TRACE_VOID_REASON_MAX }) },
          ]}
        >
          <Input.TextArea rows={2} maxLength={TRACE_VOID_REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

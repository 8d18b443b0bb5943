import { useQuery } from '@tanstack/react-query';
import { TASK_NOTE_MAX, TASK_REASON_MAX } from '@tilth/contracts/task.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Task, taskApi, taskKeys } from '../api/task.api';
import { duplicateInputIndex, type InputLine, usedInputs } from '../taskModel';
import { InputLines } from './InputLines';
import { PhotoField } from './PhotoField';
import { useTaskOptions } from './useTaskOptions';

interface ModalProps {
  tenantId: number;
  task: Task | null;
  onClose: () => void;
  onDone: () => void;
}

/** Shared submit handling: busy while in flight, a second submit ignored, errors shown by the API client. */
const useSubmit = (onDone: () => void) => {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await fn();
      onDone();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
};

/** Assign: a leader is required ('a task needs a leader before assignment'), participants optional. */
export function AssignModal({ tenantId, task, onClose, onDone }: ModalProps) {
  const { t } = useTranslation(['farmTask', 'common']);
  const [form] = Form.useForm<{ leaderWorkerId?: number; participantIds?: number[] }>();
  const { busy, run } = useSubmit(onDone);
  const o = useTaskOptions(tenantId, { workers: task !== null });
  const leader = Form.useWatch('leaderWorkerId', form);
  useEffect(() => {
    if (!task) return;
    form.setFieldsValue({
      leaderWorkerId: task.leaderWorkerId ?? undefined,
      participantIds: task.participants.map((p) => p.workerId),
    });
  }, [task, form]);
  const options = o.workers.map((w) => ({ value: w.workerId, label: w.name }));
  return (
    <Modal
      open={task !== null}
      title={t('form.assignTitle', { name: task?.taskName ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common:action.confirm')}
      cancelText={t('common:action.cancel')}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          task &&
          void run(() =>
            taskApi.assign(tenantId, task, {
              leaderWorkerId: v.leaderWorkerId ?? null,
              participantIds: (v.participantIds ?? []).filter((w) => w !== v.leaderWorkerId),
            }),
          )
        }
      >
        <Form.Item
          name="leaderWorkerId"
          label={t('field.leader')}
          rules={[{ required: true, message: t('rule.leaderRequired') }]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={options} />
        </Form.Item>
        <Form.Item name="participantIds" label={t('field.participants')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={options.filter((w) => w.value !== leader)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export type ReasonAction = 'reject' | 'end' | 'cancel';

/** Reject, end or cancel: each says why (at most 200 characters). */
export function ReasonModal({
  tenantId,
  task,
  action,
  onClose,
  onDone,
}: ModalProps & { action: ReasonAction }) {
  const { t } = useTranslation(['farmTask', 'common']);
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, run } = useSubmit(onDone);
  useEffect(() => {
    if (task) form.resetFields();
  }, [task, form]);
  return (
    <Modal
      open={task !== null}
      title={t(`form.reasonTitle.${action}`, { name: task?.taskName ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t(`action.${action}`)}
      okButtonProps={{ danger: action !== 'reject' }}
      cancelText={t('common:action.cancel')}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => task && void run(() => taskApi.act(tenantId, task, action, v.reason))}
      >
        <Form.Item
          name="reason"
          label={t('field.reason')}
          rules={[{ required: true, whitespace: true, message: t('rule.reasonRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={TASK_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface FinishValues {
  note?: string;
  photos?: string[];
  inputs?: InputLine[];
}

/** Finish: a note, up to 9 photos, and the inputs used (taken out of the base's stock). */
export function FinishModal({ tenantId, task, onClose, onDone }: ModalProps) {
  const { t } = useTranslation(['farmTask', 'common']);
  const [form] = Form.useForm<FinishValues>();
  const [uploading, setUploading] = useState(false);
  const { busy, run } = useSubmit(onDone);
  const o = useTaskOptions(tenantId, { inputs: task !== null });
  // The inputs the plan foresaw, as the starting lines: usually what was used, only the amount changes.
  const detail = useQuery({
    queryKey: taskKeys.detail(tenantId, task?.taskId ?? 0),
    queryFn: () => taskApi.get(tenantId, task?.taskId ?? 0),
    enabled: task !== null,
  });
  const planned = detail.data?.plannedInputs;
  useEffect(() => {
    if (!task) return;
    form.resetFields();
    form.setFieldsValue({ note: '', photos: [], inputs: [] });
  }, [task, form]);
  useEffect(() => {
    if (!task || !planned) return;
    form.setFieldsValue({ inputs: planned.map((l) => ({ inputId: l.inputId, quantity: l.quantity })) });
  }, [task, planned, form]);
  const submit = (v: FinishValues) => {
    if (!task || uploading) return;
    const lines = v.inputs ?? [];
    if (duplicateInputIndex(lines) >= 0) return;
    void run(() =>
      taskApi.finish(tenantId, task, {
        note: v.note ?? '',
        photos: v.photos ?? [],
        inputs: usedInputs(lines),
      }),
    );
  };
  return (
    <Modal
      open={task !== null}
      width={640}
      title={t('form.finishTitle', { name: task?.taskName ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okButtonProps={{ disabled: uploading }}
      okText={t('action.finish')}
      cancelText={t('common:action.cancel')}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="note" label={t('field.note')}>
          <Input.TextArea rows={3} maxLength={TASK_NOTE_MAX} showCount />
        </Form.Item>
        <Form.Item name="photos" label={t('field.photos')}>
          <PhotoField tenantId={tenantId} onBusyChange={setUploading} />
        </Form.Item>
        <Form.Item
          label={t('field.usedInputs')}
          extra={task?.areaName ? t('form.stockHint', { base: task.areaName }) : null}
        >
          <InputLines name="inputs" quantityName="quantity" inputs={o.inputs} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

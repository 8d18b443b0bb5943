import { useQuery } from '@tanstack/react-query';
import { WORKER_DESCRIPTION_MAX, WORKER_JOB_TITLE_MAX, WORKER_NAME_MAX } from '@tilth/contracts/worker.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { isPhone } from '../../../../shared/validators';
import { type Worker, workerApi, workerKeys } from '../api/worker.api';

interface WorkerFormValues {
  name: string;
  phone?: string;
  organizationId?: number | null;
  userId?: number | null;
  jobTitle?: string;
  description?: string;
  enabled: boolean;
}

interface WorkerFormModalProps {
  tenantId: number;
  open: boolean;
  /** null: a new worker. */
  worker: Worker | null;
  /** Preselected base of a new worker (the shell's selected base). */
  areaId?: number;
  onClose: () => void;
}

/** Add or edit a worker: name, phone, base, linked console user, job title, description, enabled. */
export function WorkerFormModal({ tenantId, open, worker, areaId, onClose }: WorkerFormModalProps) {
  const { t } = useTranslation(['farmWorker', 'common']);
  const [form] = Form.useForm<WorkerFormValues>();
  const { busy, run } = useSubmit(workerKeys.all(tenantId), onClose);
  const bases = useQuery({
    queryKey: workerKeys.bases(tenantId),
    queryFn: () => workerApi.bases(tenantId),
    enabled: open,
  });
  const users = useQuery({
    queryKey: workerKeys.candidates(tenantId, worker?.workerId),
    queryFn: () => workerApi.candidates(tenantId, worker?.workerId),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: worker?.name ?? '',
      phone: worker?.phone ?? '',
      organizationId: worker ? worker.organizationId : (areaId ?? null),
      userId: worker?.userId ?? null,
      jobTitle: worker?.jobTitle ?? '',
      description: worker?.description ?? '',
      enabled: (worker?.enabledFlag ?? 1) === 1,
    });
  }, [open, worker, areaId, form]);

  const submit = async (v: WorkerFormValues) => {
    const body = {
      name: v.name,
      phone: v.phone ?? '',
      organizationId: v.organizationId ?? null,
      userId: v.userId ?? null,
      jobTitle: v.jobTitle ?? '',
      description: v.description ?? '',
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    await run(
      async () => {
        if (worker) {
          await workerApi.update(tenantId, {
            ...body,
            workerId: worker.workerId,
            objectVersionNumber: worker.objectVersionNumber,
          });
        } else await workerApi.create(tenantId, body);
      },
      worker ? t('common:message.saved') : t('farmWorker:message.created'),
    );
  };

  return (
    <Modal
      open={open}
      title={worker ? t('farmWorker:form.editTitle') : t('farmWorker:form.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form<WorkerFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="name"
          label={t('farmWorker:field.name')}
          rules={[
            { required: true, whitespace: true, message: t('common:validation.required') },
            { max: WORKER_NAME_MAX, message: t('common:validation.maxLength', { max: WORKER_NAME_MAX }) },
          ]}
        >
          <Input maxLength={WORKER_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('farmWorker:field.phone')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value || isPhone(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.phone'))),
            },
          ]}
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="organizationId" label={t('farmWorker:field.organization')}>
          <Select
            allowClear
            placeholder={t('farmWorker:field.organizationNone')}
            loading={bases.isFetching}
            options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
          />
        </Form.Item>
        <Form.Item name="userId" label={t('farmWorker:field.user')} extra={t('farmWorker:field.userHint')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('farmWorker:field.userNone')}
            loading={users.isFetching}
            options={(users.data ?? []).map((u) => ({
              value: u.userId,
              label: `${u.realName} (${u.loginName})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="jobTitle" label={t('farmWorker:field.jobTitle')}>
          <Input maxLength={WORKER_JOB_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="description" label={t('farmWorker:field.description')}>
          <Input.TextArea rows={3} maxLength={WORKER_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={t('farmWorker:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { ICCID_PATTERN } from '@tilth/contracts/device.types';
import {
  SIM_DESCRIPTION_MAX,
  SIM_OPERATOR_MAX,
  SIM_PLAN_MB_MAX,
  SIM_STATUSES,
} from '@tilth/contracts/sim.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { DatePicker } from '../../../shared/form/DatePicker';
import { fromInstant } from '../../../shared/format/time';
import { type SimCard, simApi, simKeys } from './sim.api';

interface FormValues {
  iccid: string;
  msisdn?: string;
  operator?: string;
  planMb?: number | null;
  usedMb?: number | null;
  activatedAt?: Dayjs | null;
  expiresAt?: Dayjs | null;
  status: (typeof SIM_STATUSES)[number];
  description?: string;
}

const day = (d: Dayjs | null | undefined): string | null => (d ? d.format('YYYY-MM-DD') : null);
const toDay = (s: string | null): Dayjs | null => (s ? fromInstant(s) : null);

/** Add or edit an IoT SIM card: iccid (19–20 digits, unique), number, operator, plan, usage, dates, status. */
export function SimFormModal({
  tenantId,
  sim,
  onClose,
}: {
  tenantId: number;
  sim: SimCard | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['sim', 'common']);
  const [form] = Form.useForm<FormValues>();
  const { busy, run } = useSubmit(simKeys.all(tenantId), onClose);
  const [initialValues] = useState<FormValues>(() => ({
    iccid: sim?.iccid ?? '',
    msisdn: sim?.msisdn ?? '',
    operator: sim?.operator ?? '',
    planMb: sim?.planMb ?? null,
    usedMb: sim?.usedMb ?? 0,
    activatedAt: toDay(sim?.activatedAt ?? null),
    expiresAt: toDay(sim?.expiresAt ?? null),
    status: (SIM_STATUSES as readonly string[]).includes(sim?.status ?? '')
      ? (sim?.status as FormValues['status'])
      : 'active',
    description: sim?.description ?? '',
  }));

  const submit = async (v: FormValues) => {
    const body = {
      iccid: v.iccid.trim(),
      msisdn: v.msisdn ?? '',
      operator: v.operator ?? '',
      planMb: v.planMb ?? null,
      usedMb: v.usedMb ?? 0,
      activatedAt: day(v.activatedAt),
      expiresAt: day(v.expiresAt),
      status: v.status,
      description: v.description ?? '',
    };
    await run(
      () =>
        sim
          ? simApi.update(tenantId, { ...body, id: sim.id, objectVersionNumber: sim.objectVersionNumber })
          : simApi.create(tenantId, body),
      sim ? t('common:message.saved') : t('sim:message.created'),
    );
  };

  return (
    <Modal
      open
      title={sim ? t('sim:form.editTitle') : t('sim:form.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="simForm"
        initialValues={initialValues}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="iccid"
          label={t('sim:field.iccid')}
          rules={[
            { required: true, message: t('common:validation.required') },
            { pattern: ICCID_PATTERN, message: t('sim:rule.iccid') },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="msisdn"
          label={t('sim:field.msisdn')}
          rules={[{ pattern: /^\+?[0-9]{5,20}$/, message: t('sim:rule.msisdn') }]}
        >
          <Input maxLength={21} />
        </Form.Item>
        <Form.Item name="operator" label={t('sim:field.operator')}>
          <Input maxLength={SIM_OPERATOR_MAX} />
        </Form.Item>
        <Form.Item name="planMb" label={t('sim:field.planMb')}>
          <InputNumber min={0} max={SIM_PLAN_MB_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="usedMb" label={t('sim:field.usedMb')}>
          <InputNumber min={0} max={SIM_PLAN_MB_MAX * 100} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="activatedAt" label={t('sim:field.activatedAt')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t('sim:field.expiresAt')}
          dependencies={['activatedAt']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | null | undefined) => {
                const from = getFieldValue('activatedAt') as Dayjs | null | undefined;
                return !value || !from || !value.isBefore(from, 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('sim:rule.expires')));
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('sim:field.status')}>
          <Select options={SIM_STATUSES.map((s) => ({ value: s, label: t(`sim:status.${s}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('sim:field.description')}>
          <Input.TextArea rows={3} maxLength={SIM_DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

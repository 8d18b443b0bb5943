import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { INSECT_COUNT_MAX, INSECT_DESCRIPTION_MAX, INSECT_NAME_MAX } from '@tilth/contracts/insect.types';
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { DatePicker } from '../../../shared/form/DatePicker';
import { requiredRule } from '../../../shared/form/fieldRules';
import { fromInstant, nowInZone } from '../../../shared/format/time';
import { type InsectRecord, insectApi, insectKeys } from './insect.api';

interface Values {
  takenAt: Dayjs;
  deviceId?: number;
  counts: { name: string; count: number }[];
  description?: string;
}

/** Adds or edits a manual pest count (counts per insect at a time, optionally of a trap). */
export function StatisticsFormModal({
  tenantId,
  open,
  record,
  devices,
  insectNames,
  onClose,
}: {
  tenantId: number;
  open: boolean;
  record: InsectRecord | null;
  devices: { id: number; name: string }[];
  insectNames: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['insect', 'common']);
  const [form] = Form.useForm<Values>();
  const submit = useSubmit(insectKeys.all(tenantId), onClose);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      record
        ? {
            takenAt: fromInstant(record.takenAt),
            deviceId: record.deviceId ?? undefined,
            counts: record.counts,
            description: record.description ?? undefined,
          }
        : {
            takenAt: nowInZone(),
            deviceId: undefined,
            counts: [{ name: '', count: 0 }],
            description: undefined,
          },
    );
  }, [open, record, form]);

  const onOk = async () => {
    const v = await form.validateFields();
    const body = {
      takenAt: v.takenAt.format('YYYY-MM-DD HH:mm:ss'),
      deviceId: v.deviceId ?? null,
      counts: v.counts.map((c) => ({ name: c.name.trim(), count: c.count })),
      description: v.description?.trim() || null,
    };
    await submit.run(
      () =>
        record
          ? insectApi.update(tenantId, {
              ...body,
              id: record.id,
              objectVersionNumber: record.objectVersionNumber,
            })
          : insectApi.create(tenantId, body),
      t('common:message.saved'),
    );
  };

  return (
    <Modal
      open={open}
      title={record ? t('insect:stats.edit') : t('insect:stats.add')}
      onCancel={onClose}
      onOk={onOk}
      confirmLoading={submit.busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="takenAt"
          label={t('insect:field.time')}
          rules={[requiredRule(t, t('insect:field.time'), 'select')]}
        >
          <DatePicker
            showTime
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(nowInZone(), 'day')}
          />
        </Form.Item>
        <Form.Item name="deviceId" label={t('insect:field.device')}>
          <Select allowClear options={devices.map((d) => ({ value: d.id, label: d.name }))} />
        </Form.Item>
        <Form.List
          name="counts"
          rules={[
            {
              validator: async (_, v: { name: string }[] | undefined) => {
                const names = (v ?? []).map((c) => c?.name?.trim()).filter(Boolean);
                if (names.length === 0) throw new Error(t('insect:stats.needCount'));
                if (new Set(names).size !== names.length) throw new Error(t('insect:stats.repeated'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item
                    name={[f.name, 'name']}
                    rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}
                  >
                    <AutoComplete
                      style={{ width: 200 }}
                      options={insectNames.map((n) => ({ value: n }))}
                      placeholder={t('insect:field.insect')}
                      maxLength={INSECT_NAME_MAX}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'count']}
                    rules={[{ required: true, message: t('common:validation.required') }]}
                  >
                    <InputNumber
                      min={0}
                      max={INSECT_COUNT_MAX}
                      precision={0}
                      placeholder={t('insect:field.count')}
                    />
                  </Form.Item>
                  <MinusCircleOutlined
                    aria-label={t('common:action.delete')}
                    onClick={() => remove(f.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', count: 0 })} block>
                {t('insect:stats.addInsect')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
        <Form.Item name="description" label={t('insect:field.description')} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={INSECT_DESCRIPTION_MAX} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

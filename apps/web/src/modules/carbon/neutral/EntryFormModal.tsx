import { useQuery } from '@tanstack/react-query';
import type { CarbonEntryCreateBody } from '@tilth/contracts/carbon.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../shared/form/DatePicker';
import { requiredRule } from '../../../shared/form/fieldRules';
import { fromInstant, nowInZone } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { batchOptions, CARBON_STAGES, type CarbonEntry, carbonApi, carbonKeys } from '../api/carbon.api';
import { EvidenceField } from './EvidenceField';

interface Values {
  kind: 'emission' | 'removal';
  entryDate: Dayjs;
  stage: CarbonEntryCreateBody['stage'];
  areaId?: number | null;
  batchId?: number | null;
  factorCode: string;
  activityAmount: number;
  evidence?: string[];
  description?: string;
}

export interface EntryFormProps {
  initial?: CarbonEntry | undefined;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSave: (body: CarbonEntryCreateBody) => void;
}

/** Record an emission the records cannot tell (a bill, rented machinery) or a removal, with evidence. */
export function EntryFormModal({ initial, open, busy, onCancel, onSave }: EntryFormProps) {
  const { t, i18n } = useTranslation(['carbon', 'common']);
  const { tenantId } = useShell();
  const [form] = Form.useForm<Values>();
  // Saving waits for evidence still uploading, so no file is left out of the entry.
  const [uploading, setUploading] = useState(false);
  const factors = useQuery({
    queryKey: carbonKeys.factors(tenantId, { size: 0, enabled: 'entry' }),
    queryFn: () => carbonApi.factors(tenantId, { size: 0 }),
    enabled: open,
  });
  const bases = useQuery({
    queryKey: carbonKeys.bases(tenantId),
    queryFn: () => carbonApi.bases(tenantId),
    enabled: open,
  });
  const batches = useQuery({
    queryKey: ['carbon', tenantId, 'batches'],
    queryFn: () => batchOptions(tenantId),
    enabled: open,
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial) {
      form.setFieldsValue({
        ...initial,
        entryDate: fromInstant(initial.entryDate),
        activityAmount: Number(initial.activityAmount),
        evidence: initial.evidence,
        description: initial.description ?? '',
      });
    }
  }, [open, initial, form]);
  const code = Form.useWatch('factorCode', form);
  // One option per code (the factor that applies is picked by year and region on the server).
  const codes = new Map<string, { label: string; unit: string }>();
  for (const f of factors.data?.content ?? []) {
    if (f.enabledFlag !== 1 || codes.has(f.factorCode)) continue;
    const name = i18n.language === 'en-US' && f.factorEnName ? f.factorEnName : f.factorName;
    codes.set(f.factorCode, { label: `${name} (${f.factorCode})`, unit: f.activityUnit });
  }
  return (
    <Modal
      open={open}
      width={680}
      title={t(initial ? 'carbon:entry.edit' : 'carbon:entry.add')}
      okText={t('common:action.save')}
      confirmLoading={busy}
      okButtonProps={{ disabled: uploading }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'emission', stage: 'processing', entryDate: nowInZone() }}
        onFinish={(v) =>
          onSave({
            kind: v.kind,
            entryDate: v.entryDate.format('YYYY-MM-DD'),
            stage: v.stage,
            areaId: v.areaId ?? null,
            batchId: v.batchId ?? null,
            factorCode: v.factorCode,
            activityAmount: v.activityAmount,
            evidence: v.evidence ?? [],
            description: v.description || null,
          })
        }
      >
        <Form.Item name="kind" label={t('carbon:entry.kind')}>
          <Radio.Group
            options={(['emission', 'removal'] as const).map((k) => ({
              value: k,
              label: t(`carbon:kind.${k}`),
            }))}
          />
        </Form.Item>
        <Space wrap size="middle">
          <Form.Item
            name="entryDate"
            label={t('carbon:entry.date')}
            rules={[requiredRule(t, t('carbon:entry.date'), 'select')]}
          >
            <DatePicker format="YYYY-MM-DD" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="stage"
            label={t('carbon:factor.stage')}
            rules={[requiredRule(t, t('carbon:factor.stage'), 'select')]}
          >
            <Select
              style={{ width: 160 }}
              options={CARBON_STAGES.map((s) => ({ value: s, label: t(`carbon:stage.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="areaId" label={t('carbon:entry.base')}>
            <Select
              allowClear
              style={{ width: 180 }}
              options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
            />
          </Form.Item>
          <Form.Item name="batchId" label={t('carbon:entry.batch')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 200 }}
              options={(batches.data ?? []).map((b) => ({ value: b.batchId, label: b.batchName }))}
            />
          </Form.Item>
        </Space>
        <Space wrap size="middle" align="start">
          <Form.Item
            name="factorCode"
            label={t('carbon:entry.factor')}
            rules={[{ required: true, message: t('carbon:rule.factor') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 380 }}
              loading={factors.isLoading}
              options={[...codes].map(([value, c]) => ({ value, label: c.label }))}
            />
          </Form.Item>
          <Form.Item
            name="activityAmount"
            label={t('carbon:entry.amount')}
            rules={[{ required: true, type: 'number', min: 0, message: t('carbon:rule.value') }]}
          >
            <InputNumber<number>
              min={0}
              step={0.1}
              suffix={code ? codes.get(code)?.unit : undefined}
              style={{ width: 180 }}
            />
          </Form.Item>
        </Space>
        <Form.Item name="evidence" label={t('carbon:entry.evidence')} extra={t('carbon:entry.evidenceHint')}>
          <EvidenceField onBusyChange={setUploading} />
        </Form.Item>
        <Form.Item name="description" label={t('carbon:factor.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import Table from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { requiredRule } from '../../../../shared/form/fieldRules';
import { nowInZone } from '../../../../shared/format/time';
import { ApprovalRouteHint } from '../../approval/ChooseApproversForm';
import { useApproverChoice } from '../../approval/useApproverChoice';
import { type Batch, planApi, planKeys } from '../api/plan.api';

interface Values {
  planName: string;
  packageId?: number;
  startDate?: Dayjs;
  areaId?: number;
  batchIds: number[];
  leaderWorkerId?: number;
  description?: string;
}

/** New plan: package → start date → batches (growing, one base) → leader → preview the task count → create. */
export function PlanWizard({
  tenantId,
  open,
  onClose,
}: {
  tenantId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['farmPlan', 'common']);
  const selectedArea = useSelectedArea();
  const [step, setStep] = useState(0);
  const { busy: saving, run } = useSubmit(planKeys.all(tenantId), () => close());
  const [form] = Form.useForm<Values>();
  const packages = useQuery({
    queryKey: planKeys.options(tenantId, 'packages'),
    queryFn: () => planApi.packageOptions(tenantId),
    enabled: open,
  });
  const batches = useQuery({
    queryKey: planKeys.options(tenantId, 'growingBatches'),
    queryFn: () => planApi.growingBatches(tenantId),
    enabled: open,
  });
  const workers = useQuery({
    queryKey: planKeys.options(tenantId, 'workers'),
    queryFn: () => planApi.workers(tenantId),
    enabled: open,
  });
  const packageId = Form.useWatch('packageId', form);
  const areaId = Form.useWatch('areaId', form);
  const batchIds = (Form.useWatch('batchIds', form) ?? []) as number[];
  const pkg = packages.data?.find((p) => p.packageId === packageId);
  const bases = new Map<number, string>();
  for (const b of batches.data ?? []) bases.set(b.areaId, b.areaName ?? String(b.areaId));
  const shown = (batches.data ?? []).filter((b) => areaId === undefined || b.areaId === areaId);
  const taskCount = (pkg?.taskCount ?? 0) * batchIds.length;
  const chooseApprovers = useApproverChoice();
  // The plan's condition fields (its base is its batches' base), for the route preview.
  const planBase = (batches.data ?? []).find((b) => b.batchId === batchIds[0])?.areaId;
  const approvalFields: Record<string, number> = {
    taskCount,
    batchCount: batchIds.length,
    ...(planBase === undefined ? {} : { areaId: planBase }),
  };

  const steps = [
    { title: t('farmPlan:wizard.package'), fields: ['planName', 'packageId'] },
    { title: t('farmPlan:wizard.startDate'), fields: ['startDate'] },
    { title: t('farmPlan:wizard.batches'), fields: ['batchIds'] },
    { title: t('farmPlan:wizard.leader'), fields: ['leaderWorkerId', 'description'] },
    { title: t('farmPlan:wizard.preview'), fields: [] },
  ];
  const close = () => {
    form.resetFields();
    setStep(0);
    onClose();
  };
  const next = async () => {
    // An invalid field shows its own message under it; the rejection carries nothing more to report.
    const valid = await form.validateFields(steps[step]?.fields ?? []).then(
      () => true,
      () => false,
    );
    if (valid) setStep((s) => s + 1);
  };
  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    // With a flow bound the plan goes into approval at once: ask for the approvers the applicant chooses.
    const choice = await chooseApprovers(tenantId, 'farm_plan', approvalFields);
    if (!choice) return;
    await run(
      async () => {
        await planApi.createPlan(tenantId, {
          ...(choice.chosen ? { chosen: choice.chosen } : {}),
          planName: v.planName,
          packageId: v.packageId ?? 0,
          startDate: (v.startDate ?? nowInZone()).format('YYYY-MM-DD'),
          batchIds: v.batchIds,
          leaderWorkerId: v.leaderWorkerId ?? null,
          description: v.description ?? '',
        });
      },
      t('farmPlan:wizard.created', { count: taskCount }),
    );
  };

  return (
    <Modal
      open={open}
      width={900}
      title={t('farmPlan:plan.add')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          {step === steps.length - 1 && taskCount > 0 ? (
            <ApprovalRouteHint tenantId={tenantId} docType="farm_plan" fields={approvalFields} />
          ) : null}
          <Button onClick={close}>{t('common:action.cancel')}</Button>
          {step > 0 && <Button onClick={() => setStep((s) => s - 1)}>{t('farmPlan:wizard.prev')}</Button>}
          {step < steps.length - 1 ? (
            <Button type="primary" onClick={next}>
              {t('farmPlan:wizard.next')}
            </Button>
          ) : (
            <Button type="primary" loading={saving} onClick={submit} disabled={taskCount === 0}>
              {t('farmPlan:wizard.create')}
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        size="small"
        current={step}
        items={steps.map((s) => ({ title: s.title }))}
        style={{ marginBottom: 24 }}
      />
      <Form
        form={form}
        layout="vertical"
        preserve
        initialValues={{ startDate: nowInZone(), batchIds: [], areaId: selectedArea?.areaId }}
      >
        <div hidden={step !== 0}>
          <Form.Item
            name="planName"
            label={t('farmPlan:plan.name')}
            rules={[{ required: true, whitespace: true, max: 60 }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="packageId"
            label={t('farmPlan:plan.package')}
            rules={[requiredRule(t, t('farmPlan:plan.package'), 'select')]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(packages.data ?? []).map((p) => ({
                value: p.packageId,
                label: t('farmPlan:wizard.packageOption', {
                  name: p.packageName,
                  tasks: t('farmPlan:package.taskCountOf', { count: p.taskCount }),
                }),
              }))}
            />
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          <Form.Item
            name="startDate"
            label={t('farmPlan:plan.startDate')}
            rules={[requiredRule(t, t('farmPlan:plan.startDate'), 'select')]}
          >
            <DatePicker />
          </Form.Item>
        </div>
        <div hidden={step !== 2}>
          <Form.Item name="areaId" label={t('farmPlan:plan.base')}>
            <Select
              allowClear
              options={[...bases].map(([value, label]) => ({ value, label }))}
              onChange={() => form.setFieldValue('batchIds', [])}
            />
          </Form.Item>
          <Form.Item
            name="batchIds"
            label={t('farmPlan:wizard.batchesHint')}
            rules={[{ required: true, type: 'array', min: 1, max: 500 }]}
            valuePropName="selectedRowKeys"
            trigger="onChange"
            getValueFromEvent={(keys: number[]) => keys}
          >
            <BatchPicker batches={shown} />
          </Form.Item>
        </div>
        <div hidden={step !== 3}>
          <Form.Item
            name="leaderWorkerId"
            label={t('farmPlan:plan.leader')}
            extra={t('farmPlan:wizard.leaderHint')}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(workers.data ?? [])
                .filter((w) => w.enabledFlag === 1)
                .map((w) => ({ value: w.workerId, label: w.name }))}
            />
          </Form.Item>
          <Form.Item name="description" label={t('farmPlan:field.description')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </div>
        {step === 4 && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'name', label: t('farmPlan:plan.name'), children: form.getFieldValue('planName') },
              { key: 'pkg', label: t('farmPlan:plan.package'), children: pkg?.packageName ?? '—' },
              {
                key: 'start',
                label: t('farmPlan:plan.startDate'),
                children: (form.getFieldValue('startDate') as Dayjs | undefined)?.format('YYYY-MM-DD'),
              },
              { key: 'batches', label: t('farmPlan:plan.batchCount'), children: batchIds.length },
              {
                key: 'tasks',
                label: t('farmPlan:wizard.taskCount'),
                children: t('farmPlan:wizard.taskFormula', {
                  tasks: pkg?.taskCount ?? 0,
                  batches: batchIds.length,
                  total: taskCount,
                }),
              },
            ]}
          />
        )}
      </Form>
    </Modal>
  );
}

/** The growing batches as a selectable table (the form item passes selectedRowKeys / onChange). */
function BatchPicker({
  batches,
  selectedRowKeys = [],
  onChange,
}: {
  batches: Batch[];
  selectedRowKeys?: number[];
  onChange?: (keys: number[]) => void;
}) {
  const { t } = useTranslation('farmPlan');
  return (
    <Table<Batch>
      size="small"
      rowKey="batchId"
      dataSource={batches}
      pagination={{ pageSize: 8 }}
      rowSelection={{
        selectedRowKeys,
        onChange: (keys) => onChange?.(keys as number[]),
        getCheckboxProps: () => ({}),
      }}
      columns={[
        { title: t('batch.code'), dataIndex: 'batchCode' },
        { title: t('batch.name'), dataIndex: 'batchName' },
        { title: t('plan.base'), dataIndex: 'areaName' },
        { title: t('batch.land'), dataIndex: 'landName', render: (v: string | null) => v || '—' },
        { title: t('batch.crop'), dataIndex: 'cropName' },
      ]}
    />
  );
}

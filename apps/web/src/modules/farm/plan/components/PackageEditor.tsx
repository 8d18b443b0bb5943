import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import type { PlanPackageCreateBody } from '@tilth/contracts/plan.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../shared/api/client';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { fieldWords, requiredRule } from '../../../../shared/form/fieldRules';
import { localName } from '../../../../shared/format/name';
import { planApi, planKeys } from '../api/plan.api';
import { PackageTimeline, type TimelineTask } from './PackageTimeline';

interface TaskRow {
  taskName?: string;
  taskTypeId?: number;
  dayOffset?: number;
  durationDays?: number;
  inputs?: { inputId?: number; amount?: number }[];
}
interface Values {
  packageName: string;
  cropId?: number | null;
  enabledFlag: boolean;
  description?: string;
  tasks: TaskRow[];
}

const NEW_TASK: TaskRow = { dayOffset: 0, durationDays: 1, inputs: [] };

/** Adds or edits a plan package: its fields and an editable task table with a timeline preview. */
export function PackageEditor({
  tenantId,
  packageId,
  open,
  onClose,
}: {
  tenantId: number;
  /** null adds a package. */
  packageId: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['farmPlan', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy: saving, run } = useSubmit(planKeys.all(tenantId), onClose);
  const current = useQuery({
    queryKey: planKeys.package(tenantId, packageId ?? 0),
    queryFn: () => planApi.package(tenantId, packageId ?? 0),
    enabled: open && packageId !== null,
  });
  const taskTypes = useQuery({
    queryKey: planKeys.options(tenantId, 'taskTypes'),
    queryFn: () => planApi.taskTypes(tenantId),
    enabled: open,
  });
  const inputs = useQuery({
    queryKey: planKeys.options(tenantId, 'inputs'),
    queryFn: () => planApi.inputs(tenantId),
    enabled: open,
  });
  const crops = useQuery({
    queryKey: planKeys.options(tenantId, 'crops'),
    queryFn: () =>
      api
        .get<{ content: { cropId: number; cropName: string; cropEnName: string | null }[] }>(
          `/wfpf/v1/${tenantId}/crop/page`,
          {
            query: { page: 0, size: 0 },
          },
        )
        .then((p) => p.content),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    const p = current.data;
    if (packageId === null) {
      form.setFieldsValue({
        packageName: '',
        cropId: null,
        enabledFlag: true,
        description: '',
        tasks: [NEW_TASK],
      });
    } else if (p) {
      form.setFieldsValue({
        packageName: p.packageName,
        cropId: p.cropId,
        enabledFlag: p.enabledFlag === 1,
        description: p.description ?? '',
        tasks: p.tasks.map((task) => ({
          taskName: task.taskName,
          taskTypeId: task.taskTypeId ?? undefined,
          dayOffset: task.dayOffset,
          durationDays: task.durationDays,
          inputs: task.inputs.map((i) => ({ inputId: i.inputId, amount: i.amount })),
        })),
      });
    }
  }, [open, packageId, current.data, form]);

  const watched = (Form.useWatch('tasks', form) ?? []) as TaskRow[];
  const timeline: TimelineTask[] = watched.map((task, i) => ({
    key: i,
    name: task?.taskName || t('farmPlan:package.task.untitled', { n: i + 1 }),
    dayOffset: task?.dayOffset ?? 0,
    durationDays: task?.durationDays ?? 1,
  }));
  const unitOf = (inputId: number | undefined) => inputs.data?.find((i) => i.inputId === inputId)?.unit ?? '';

  const save = async () => {
    // An invalid field shows its own message under it; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: PlanPackageCreateBody = {
      packageName: v.packageName,
      cropId: v.cropId ?? null,
      description: v.description ?? '',
      enabledFlag: v.enabledFlag ? 1 : 0,
      tasks: v.tasks.map((task) => ({
        taskName: task.taskName ?? '',
        taskTypeId: task.taskTypeId ?? 0,
        dayOffset: task.dayOffset ?? 0,
        durationDays: task.durationDays ?? 1,
        inputs: (task.inputs ?? []).map((i) => ({ inputId: i.inputId ?? 0, amount: i.amount ?? 0 })),
      })),
    };
    await run(async () => {
      if (packageId === null) await planApi.createPackage(tenantId, body);
      else {
        const version = current.data?.objectVersionNumber ?? 1;
        await planApi.updatePackage(tenantId, { ...body, packageId, objectVersionNumber: version });
      }
    }, t('common:message.saved'));
  };

  return (
    <Modal
      open={open}
      width={1100}
      title={t(packageId === null ? 'farmPlan:package.add' : 'farmPlan:package.edit')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark>
        <Space wrap align="start" size={16}>
          <Form.Item
            name="packageName"
            label={t('farmPlan:package.name')}
            rules={[{ required: true, whitespace: true, max: 60 }]}
            style={{ width: 320 }}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="cropId" label={t('farmPlan:package.crop')} style={{ width: 200 }}>
            <Select
              allowClear
              options={(crops.data ?? []).map((c) => ({
                value: c.cropId,
                label: localName(c.cropName, c.cropEnName, i18n.language),
              }))}
            />
          </Form.Item>
          <Form.Item name="enabledFlag" label={t('farmPlan:package.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="description" label={t('farmPlan:field.description')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.List
          name="tasks"
          rules={[
            {
              validator: async (_, value: unknown[]) => {
                if (!value || value.length < 1) throw new Error(t('farmPlan:package.task.min'));
                if (value.length > 200) throw new Error(t('farmPlan:package.task.max'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div className="tl-plan-tasks">
              <div className="tl-plan-tasks__head">
                <span>{t('farmPlan:package.task.name')}</span>
                <span>{t('farmPlan:package.task.type')}</span>
                <span>{t('farmPlan:package.task.dayOffset')}</span>
                <span>{t('farmPlan:package.task.duration')}</span>
                <span>{t('farmPlan:package.task.inputs')}</span>
                <span />
              </div>
              {fields.map((field) => (
                <div key={field.key} className="tl-plan-tasks__row">
                  <Form.Item
                    name={[field.name, 'taskName']}
                    {...fieldWords(t('farmPlan:package.task.name'))}
                    rules={[requiredRule(t, t('farmPlan:package.task.name')), { max: 60 }]}
                  >
                    <Input maxLength={60} placeholder={t('farmPlan:package.task.name')} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'taskTypeId']}
                    {...fieldWords(t('farmPlan:package.task.type'))}
                    rules={[requiredRule(t, t('farmPlan:package.task.type'), 'select')]}
                  >
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder={t('farmPlan:package.task.type')}
                      options={(taskTypes.data ?? []).map((tt) => ({
                        value: tt.taskTypeId,
                        label: localName(tt.typeName, tt.typeEnName, i18n.language),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'dayOffset']}
                    {...fieldWords(t('farmPlan:package.task.dayOffset'))}
                    rules={[requiredRule(t, t('farmPlan:package.task.dayOffset'))]}
                  >
                    <InputNumber min={0} max={730} precision={0} addonAfter={t('farmPlan:unit.day')} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'durationDays']}
                    {...fieldWords(t('farmPlan:package.task.duration'))}
                    rules={[requiredRule(t, t('farmPlan:package.task.duration'))]}
                  >
                    <InputNumber min={1} max={365} precision={0} addonAfter={t('farmPlan:unit.day')} />
                  </Form.Item>
                  <Form.List name={[field.name, 'inputs']}>
                    {(lines, ops) => (
                      <div>
                        {lines.map((line) => (
                          <Space key={line.key} size={4} style={{ display: 'flex', marginBottom: 4 }}>
                            <Form.Item
                              noStyle
                              name={[line.name, 'inputId']}
                              {...fieldWords(t('farmPlan:package.task.inputItem'))}
                              rules={[
                                requiredRule(t, t('farmPlan:package.task.inputItem'), 'select'),
                                ({ getFieldValue }) => ({
                                  validator: async (_, value: number | undefined) => {
                                    const list = (getFieldValue(['tasks', field.name, 'inputs']) ?? []) as {
                                      inputId?: number;
                                    }[];
                                    if (
                                      value !== undefined &&
                                      list.filter((i) => i?.inputId === value).length > 1
                                    ) {
                                      throw new Error(t('farmPlan:package.task.inputTwice'));
                                    }
                                  },
                                }),
                              ]}
                            >
                              <Select
                                style={{ width: 160 }}
                                showSearch={{ optionFilterProp: 'label' }}
                                placeholder={t('farmPlan:package.task.input')}
                                options={(inputs.data ?? []).map((i) => ({
                                  value: i.inputId,
                                  label: i.inputName,
                                }))}
                              />
                            </Form.Item>
                            <Form.Item noStyle shouldUpdate>
                              {() => (
                                <Form.Item
                                  noStyle
                                  name={[line.name, 'amount']}
                                  {...fieldWords(t('farmPlan:package.task.amount'))}
                                  rules={[requiredRule(t, t('farmPlan:package.task.amount'))]}
                                >
                                  <InputNumber
                                    style={{ width: 130 }}
                                    min={0.001}
                                    max={99_999_999}
                                    precision={3}
                                    addonAfter={
                                      unitOf(
                                        form.getFieldValue([
                                          'tasks',
                                          field.name,
                                          'inputs',
                                          line.name,
                                          'inputId',
                                        ]),
                                      ) || undefined
                                    }
                                  />
                                </Form.Item>
                              )}
                            </Form.Item>
                            <Button
                              size="small"
                              type="text"
                              icon={<DeleteOutlined />}
                              aria-label={t('common:action.delete')}
                              onClick={() => ops.remove(line.name)}
                            />
                          </Space>
                        ))}
                        <Button
                          size="small"
                          type="dashed"
                          icon={<PlusOutlined />}
                          onClick={() => ops.add({})}
                        >
                          {t('farmPlan:package.task.addInput')}
                        </Button>
                      </div>
                    )}
                  </Form.List>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('common:action.delete')}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ ...NEW_TASK })}>
                {t('farmPlan:package.task.add')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
      </Form>
      <PackageTimeline tasks={timeline} />
    </Modal>
  );
}

import { TASK_DESCRIPTION_MAX, TASK_NAME_MAX } from '@tilth/contracts/task.types';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { localName } from '../../../../shared/format/name';
import { fromInstant } from '../../../../shared/format/time';
import { type TaskDetail, taskApi } from '../api/task.api';
import { InputLines } from './InputLines';
import { useTaskOptions } from './useTaskOptions';

interface FormValues {
  taskName: string;
  taskTypeId?: number;
  areaId?: number;
  landId?: number | null;
  batchId?: number | null;
  period?: [Dayjs, Dayjs];
  leaderWorkerId?: number | null;
  participantIds?: number[];
  plannedInputs?: { inputId?: number; amount?: number }[];
  description?: string;
}

interface TaskFormDrawerProps {
  tenantId: number;
  open: boolean;
  /** null: a new task. */
  task: TaskDetail | null;
  defaultAreaId?: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const DAY = 'YYYY-MM-DD';

/** Add or edit a task (edit only before it starts); leader and participants are set here only when adding. */
export function TaskFormDrawer({
  tenantId,
  open,
  task,
  defaultAreaId,
  onClose,
  onSaved,
}: TaskFormDrawerProps) {
  const { t, i18n } = useTranslation(['farmTask', 'common']);
  const [form] = Form.useForm<FormValues>();
  const { busy, run } = useSubmit(null, onSaved);
  const o = useTaskOptions(tenantId, { places: open, workers: open && !task, types: open, inputs: open });
  const areaId = Form.useWatch('areaId', form);
  const landId = Form.useWatch('landId', form);
  const leader = Form.useWatch('leaderWorkerId', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      task
        ? {
            taskName: task.taskName,
            taskTypeId: task.taskTypeId ?? undefined,
            areaId: task.areaId ?? undefined,
            landId: task.landId,
            batchId: task.batchId,
            period: [fromInstant(task.startDate), fromInstant(task.endDate)],
            plannedInputs: task.plannedInputs.map((p) => ({ inputId: p.inputId, amount: p.quantity })),
            description: task.description ?? '',
          }
        : { areaId: defaultAreaId, plannedInputs: [] },
    );
  }, [open, task, defaultAreaId, form]);

  const submit = async (v: FormValues) => {
    const [start, end] = v.period ?? [];
    if (!start || !end || v.taskTypeId === undefined || v.areaId === undefined) return;
    const common = {
      taskName: v.taskName,
      taskTypeId: v.taskTypeId,
      areaId: v.areaId,
      landId: v.landId ?? null,
      batchId: v.batchId ?? null,
      startDate: start.format(DAY),
      endDate: end.format(DAY),
      plannedInputs: (v.plannedInputs ?? []).flatMap((l) =>
        l.inputId !== undefined && l.amount ? [{ inputId: l.inputId, amount: l.amount }] : [],
      ),
      description: v.description ?? '',
    };
    await run(async () => {
      if (task) {
        await taskApi.update(tenantId, {
          ...common,
          taskId: task.taskId,
          objectVersionNumber: task.objectVersionNumber,
        });
      } else {
        await taskApi.create(tenantId, {
          ...common,
          leaderWorkerId: v.leaderWorkerId ?? null,
          participantIds: v.participantIds ?? [],
        });
      }
    }, t('common:message.saved'));
  };

  const workerOptions = o.workers.map((w) => ({ value: w.workerId, label: w.name }));
  return (
    <Drawer
      open={open}
      size="large"
      title={task ? t('form.editTitle') : t('form.createTitle')}
      onClose={onClose}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            {t('common:action.save')}
          </Button>
        </Space>
      }
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="taskName"
          label={t('field.taskName')}
          rules={[
            { required: true, whitespace: true, message: t('rule.nameRequired') },
            { max: TASK_NAME_MAX, message: t('rule.nameTooLong', { max: TASK_NAME_MAX }) },
          ]}
        >
          <Input maxLength={TASK_NAME_MAX} showCount />
        </Form.Item>
        <div className="tl-task-form__row">
          <Form.Item
            name="taskTypeId"
            label={t('field.taskType')}
            rules={[{ required: true, message: t('rule.typeRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={o.types.map((ty) => ({
                value: ty.taskTypeId,
                label: localName(ty.typeName, ty.typeEnName, i18n.language),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('field.period')}
            rules={[
              { required: true, message: t('rule.dateRequired') },
              {
                validator: async (_r, value?: [Dayjs, Dayjs]) => {
                  if (value?.[0].isAfter(value[1], 'day')) throw new Error(t('rule.dateOrder'));
                },
              },
            ]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} format={DAY} />
          </Form.Item>
        </div>
        <div className="tl-task-form__row">
          <Form.Item
            name="areaId"
            label={t('field.area')}
            rules={[{ required: true, message: t('rule.areaRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={o.areas.map((a) => ({ value: a.areaId, label: a.areaName }))}
              onChange={() => form.setFieldsValue({ landId: null, batchId: null })}
            />
          </Form.Item>
          <Form.Item name="landId" label={t('field.land')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={o.lands
                .filter((l) => l.areaId === areaId)
                .map((l) => ({ value: l.landId, label: l.landName }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="batchId" label={t('field.batch')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={o.batches
              .filter((b) => b.areaId === areaId && (!landId || b.landId === null || b.landId === landId))
              .map((b) => ({ value: b.batchId, label: `${b.batchName}（${b.batchCode}）` }))}
          />
        </Form.Item>
        {task ? null : (
          <div className="tl-task-form__row">
            <Form.Item name="leaderWorkerId" label={t('field.leader')} extra={t('form.leaderHint')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={workerOptions} />
            </Form.Item>
            <Form.Item
              name="participantIds"
              label={t('field.participants')}
              dependencies={['leaderWorkerId']}
              rules={[
                {
                  validator: async (_r, value?: number[]) => {
                    if (value?.length && !leader) throw new Error(t('rule.leaderRequired'));
                  },
                },
              ]}
            >
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                options={workerOptions.filter((w) => w.value !== leader)}
              />
            </Form.Item>
          </div>
        )}
        <Form.Item label={t('field.plannedInputs')}>
          <InputLines name="plannedInputs" quantityName="amount" inputs={o.inputs} />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea rows={3} maxLength={TASK_DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

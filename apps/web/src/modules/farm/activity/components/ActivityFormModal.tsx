import { useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_CAPACITY_MAX,
  ACTIVITY_DESCRIPTION_MAX,
  ACTIVITY_LOCATION_MAX,
  ACTIVITY_NAME_MAX,
  ACTIVITY_TYPES,
} from '@tilth/contracts/activity.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { requiredRule } from '../../../../shared/form/fieldRules';
import { ImageUrlField } from '../../../system/components/ImageUrlField';
import { toFarmDayjs, toFarmText } from '../activityTime';
import { type Activity, activityApi, activityKeys } from '../api/activity.api';

interface ActivityFormValues {
  activityName: string;
  activityType: (typeof ACTIVITY_TYPES)[number];
  areaId?: number | null;
  period?: [Dayjs, Dayjs];
  location?: string;
  capacity?: number | null;
  coverUrl?: string | null;
  description?: string;
  enabled: boolean;
}

interface ActivityFormModalProps {
  tenantId: number;
  open: boolean;
  /** null: a new activity. */
  activity: Activity | null;
  /** Preset of a new activity: base and first day. */
  preset?: { areaId?: number; day?: Dayjs };
  onClose: () => void;
}

/** Add or edit an activity: name, type, base, period, place, capacity, cover image, description. */
export function ActivityFormModal({ tenantId, open, activity, preset, onClose }: ActivityFormModalProps) {
  const { t } = useTranslation(['farmActivity', 'common']);
  const [form] = Form.useForm<ActivityFormValues>();
  const { busy, run } = useSubmit(activityKeys.all(tenantId), onClose);
  const bases = useQuery({
    queryKey: activityKeys.bases(tenantId),
    queryFn: () => activityApi.bases(tenantId),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const day = preset?.day;
    form.setFieldsValue({
      activityName: activity?.activityName ?? '',
      activityType: (ACTIVITY_TYPES as readonly string[]).includes(activity?.activityType ?? '')
        ? (activity?.activityType as ActivityFormValues['activityType'])
        : 'other',
      areaId: activity ? activity.areaId : (preset?.areaId ?? null),
      period: activity
        ? [toFarmDayjs(activity.startTime), toFarmDayjs(activity.endTime)]
        : day
          ? [day.hour(9).minute(0).second(0), day.hour(17).minute(0).second(0)]
          : undefined,
      location: activity?.location ?? '',
      capacity: activity?.capacity ?? null,
      coverUrl: activity?.coverUrl ?? null,
      description: activity?.description ?? '',
      enabled: (activity?.enabledFlag ?? 1) === 1,
    });
  }, [open, activity, preset, form]);

  const submit = async (v: ActivityFormValues) => {
    if (!v.period) return;
    const body = {
      activityName: v.activityName,
      activityType: v.activityType,
      areaId: v.areaId ?? null,
      startTime: toFarmText(v.period[0]),
      endTime: toFarmText(v.period[1]),
      location: v.location ?? '',
      capacity: v.capacity ?? null,
      coverUrl: v.coverUrl ?? null,
      description: v.description ?? '',
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    await run(
      async () => {
        if (activity) {
          await activityApi.update(tenantId, {
            ...body,
            activityId: activity.activityId,
            objectVersionNumber: activity.objectVersionNumber,
          });
        } else await activityApi.create(tenantId, body);
      },
      activity ? t('common:message.saved') : t('farmActivity:message.created'),
    );
  };

  return (
    <Modal
      open={open}
      title={activity ? t('farmActivity:form.editTitle') : t('farmActivity:form.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={620}
    >
      <Form<ActivityFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="activityName"
          label={t('farmActivity:field.activityName')}
          rules={[
            { required: true, whitespace: true, message: t('common:validation.required') },
            { max: ACTIVITY_NAME_MAX, message: t('common:validation.maxLength', { max: ACTIVITY_NAME_MAX }) },
          ]}
        >
          <Input maxLength={ACTIVITY_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="activityType"
          label={t('farmActivity:field.activityType')}
          rules={[requiredRule(t, t('farmActivity:field.activityType'), 'select')]}
        >
          <Select options={ACTIVITY_TYPES.map((x) => ({ value: x, label: t(`farmActivity:type.${x}`) }))} />
        </Form.Item>
        <Form.Item name="areaId" label={t('farmActivity:field.area')}>
          <Select
            allowClear
            placeholder={t('farmActivity:field.areaNone')}
            loading={bases.isFetching}
            options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('farmActivity:field.period')}
          extra={t('farmActivity:field.periodHint')}
          rules={[
            { required: true, message: t('common:validation.required') },
            {
              validator: (_, value: [Dayjs, Dayjs] | undefined) =>
                value === undefined || !value[0].isAfter(value[1])
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.dateOrder'))),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="location" label={t('farmActivity:field.location')}>
          <Input maxLength={ACTIVITY_LOCATION_MAX} />
        </Form.Item>
        <Form.Item
          name="capacity"
          label={t('farmActivity:field.capacity')}
          extra={t('farmActivity:field.capacityHint')}
        >
          <InputNumber min={1} max={ACTIVITY_CAPACITY_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('farmActivity:field.cover')}>
          <ImageUrlField tenantId={tenantId} width={160} />
        </Form.Item>
        <Form.Item name="description" label={t('farmActivity:field.description')}>
          <Input.TextArea rows={3} maxLength={ACTIVITY_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={t('farmActivity:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

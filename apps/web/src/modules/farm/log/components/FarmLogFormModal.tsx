import { useQuery } from '@tanstack/react-query';
import type { FarmLogLevel } from '@tilth/contracts/farm-log.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { fromInstant, nowInZone, toInstant } from '../../../../shared/format/time';
import { baseApi, baseKeys } from '../../base/api/base.api';
import { type FarmLog, farmLogApi, farmLogKeys } from '../api/farmLog.api';
import {
  FARM_LOG_DESCRIPTION_MAX,
  FARM_LOG_LEVELS,
  FARM_LOG_TITLE_MAX,
  isLevel,
  LEVEL_COLOR,
} from '../farmLogModel';
import { PictureField } from './PictureField';

interface FormValues {
  title: string;
  level: FarmLogLevel;
  areaId?: number | null;
  landId?: number | null;
  logTime?: Dayjs | null;
  description?: string;
  pictures: string[];
}

interface FarmLogFormModalProps {
  tenantId: number;
  open: boolean;
  log: FarmLog | null;
  /** Base preselected for a new log (the shell's base). */
  defaultAreaId?: number;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a farm log: title, level, base and plot, time, description and up to 9 pictures. */
export function FarmLogFormModal({
  tenantId,
  open,
  log,
  defaultAreaId,
  onClose,
  onSaved,
}: FarmLogFormModalProps) {
  const { t } = useTranslation(['farmLog', 'common']);
  const [form] = Form.useForm<FormValues>();
  const { busy: saving, run } = useSubmit(null, onSaved);
  const [uploading, setUploading] = useState(false);
  const areaId = Form.useWatch('areaId', form);
  const areas = useQuery({
    queryKey: baseKeys.options(tenantId),
    queryFn: () => baseApi.all(tenantId),
    enabled: open,
  });
  const lands = useQuery({
    queryKey: farmLogKeys.lands(tenantId),
    queryFn: () => farmLogApi.lands(tenantId),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      log
        ? {
            title: log.title,
            level: isLevel(log.level) ? log.level : 'daily',
            areaId: log.areaId,
            landId: log.landId,
            logTime: fromInstant(log.logTime),
            description: log.description ?? '',
            pictures: log.pictures,
          }
        : { level: 'daily', areaId: defaultAreaId ?? null, landId: null, logTime: nowInZone(), pictures: [] },
    );
  }, [open, log, defaultAreaId, form]);

  const landOptions = (lands.data ?? [])
    .filter((l) => !areaId || l.areaId === areaId)
    .map((l) => ({ value: l.landId, label: l.landName }));

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      title: v.title,
      level: v.level,
      areaId: v.areaId ?? null,
      landId: v.landId ?? null,
      description: v.description ?? '',
      pictures: v.pictures,
      ...(v.logTime ? { logTime: toInstant(v.logTime) } : {}),
    };
    await run(async () => {
      if (log) {
        await farmLogApi.update(tenantId, {
          ...body,
          logId: log.logId,
          objectVersionNumber: log.objectVersionNumber,
        });
      } else {
        await farmLogApi.create(tenantId, body);
      }
    }, t('common:message.saved'));
  };

  const notBlank = (_: unknown, value: string | undefined) =>
    value?.trim() ? Promise.resolve() : Promise.reject(new Error(t('form.titleRequired')));

  return (
    <Modal
      open={open}
      title={log ? t('form.editTitle') : t('form.addTitle')}
      width={640}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: uploading }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name="farmLogForm" layout="vertical" requiredMark>
        <Form.Item
          name="title"
          label={t('field.title')}
          required
          rules={[
            { validator: notBlank },
            { max: FARM_LOG_TITLE_MAX, message: t('form.tooLong', { max: FARM_LOG_TITLE_MAX }) },
          ]}
        >
          <Input placeholder={t('form.titlePlaceholder')} maxLength={FARM_LOG_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="level"
          label={t('field.level')}
          rules={[{ required: true, message: t('form.levelRequired') }]}
        >
          <Radio.Group>
            {FARM_LOG_LEVELS.map((l) => (
              <Radio key={l} value={l}>
                <Tag color={LEVEL_COLOR[l]}>{t(`level.${l}`)}</Tag>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <div className="tl-log-form__row">
          <Form.Item name="areaId" label={t('field.area')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('form.areaPlaceholder')}
              loading={areas.isLoading}
              options={(areas.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
              onChange={() => form.setFieldValue('landId', null)}
            />
          </Form.Item>
          <Form.Item name="landId" label={t('field.land')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('form.landPlaceholder')}
              loading={lands.isLoading}
              options={landOptions}
              onChange={(id: number | undefined) => {
                const plot = lands.data?.find((l) => l.landId === id);
                if (plot && !form.getFieldValue('areaId')) form.setFieldValue('areaId', plot.areaId);
              }}
            />
          </Form.Item>
        </div>
        <Form.Item name="logTime" label={t('field.logTime')}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('field.description')}
          rules={[
            { max: FARM_LOG_DESCRIPTION_MAX, message: t('form.tooLong', { max: FARM_LOG_DESCRIPTION_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={FARM_LOG_DESCRIPTION_MAX}
            showCount
            placeholder={t('form.descriptionPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="pictures" label={t('field.pictures')}>
          <PictureField tenantId={tenantId} onBusyChange={setUploading} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

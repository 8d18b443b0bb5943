import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEVICE_DESCRIPTION_MAX,
  DEVICE_EUI_PATTERN,
  DEVICE_NAME_MAX,
  ICCID_PATTERN,
} from '@tilth/contracts/device.types';
import { DEVICE_TYPES, type DeviceTypeDef } from '@tilth/contracts/device-types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { areaCenterPair } from '../../../../shared/area/areaStore';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { useShell } from '../../../../shell/ShellContext';
import { familyConfigFields } from '../../families';
import { type Device, type DeviceCreated, deviceApi, deviceKeys } from '../api/device.api';
import { langOf } from '../deviceFormat';
import { formErrorsOf } from '../formErrors';
import '../device.css';

const LocationPicker = lazy(() => import('./LocationPicker'));

interface FormValues {
  name: string;
  eui: string;
  areaId?: number | null;
  landId?: number | null;
  lat?: number | null;
  lng?: number | null;
  iccid?: string;
  parentId?: number | null;
  description?: string;
  config?: Record<string, unknown>;
}

export interface DeviceFormModalProps {
  type: DeviceTypeDef;
  /** null: a new device. */
  device: Device | null;
  defaultAreaId: number | undefined;
  onClose: () => void;
  /** A new device with its credentials (shown once). */
  onCreated: (created: DeviceCreated) => void;
}

const GATEWAY_TYPES = DEVICE_TYPES.filter((t) => t.family === 'gateway').map((t) => t.key);

/** Add or edit a device of one type (spec 02 §2–§3): identity, where it is, its IoT card, parent, settings. */
export function DeviceFormModal({ type, device, defaultAreaId, onClose, onCreated }: DeviceFormModalProps) {
  const { t, i18n } = useTranslation(['device', 'common', 'family']);
  const { tenantId } = useShell();
  const qc = useQueryClient();
  const message = useMessage();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ConfigFields = useMemo(() => familyConfigFields(type.key), [type.key]);
  const [initialValues] = useState<FormValues>(() => ({
    name: device?.name ?? '',
    eui: device?.eui ?? '',
    areaId: device ? device.areaId : (defaultAreaId ?? null),
    landId: device?.landId ?? null,
    lat: device?.lat ?? null,
    lng: device?.lng ?? null,
    iccid: device?.iccid ?? '',
    parentId: device?.parentId ?? null,
    description: device?.description ?? '',
    config: device?.config ?? {},
  }));
  const areaId = Form.useWatch('areaId', form) ?? undefined;
  const lat = Form.useWatch('lat', form);
  const lng = Form.useWatch('lng', form);

  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });
  const lands = useQuery({
    queryKey: deviceKeys.lands(tenantId, areaId),
    queryFn: () => deviceApi.lands(tenantId, areaId as number),
    enabled: typeof areaId === 'number',
  });
  const parents = useQueries({
    queries: GATEWAY_TYPES.map((deviceType) => ({
      queryKey: deviceKeys.options(tenantId, deviceType, undefined),
      queryFn: () => deviceApi.options(tenantId, { deviceType }),
    })),
  });
  const parentOptions = parents
    .flatMap((q) => q.data ?? [])
    .filter((p) => p.concentratorId !== device?.id)
    .map((p) => ({ value: p.concentratorId, label: `${p.name} (${p.eui})` }));
  const base = bases.data?.find((b) => b.areaId === areaId);
  const center = areaCenterPair(base?.areaCenter);
  const point: [number, number] | null =
    typeof lat === 'number' && typeof lng === 'number' ? [lat, lng] : null;

  const save = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // Shown next to each field.
    }
    setRefusal(null);
    const common = {
      name: v.name,
      iccid: v.iccid?.trim() ? v.iccid.trim() : null,
      areaId: v.areaId ?? null,
      landId: v.landId ?? null,
      lat: v.lat ?? null,
      lng: v.lng ?? null,
      parentId: v.parentId ?? null,
      description: v.description ?? null,
      // Settings the type's fields do not show (a fence drawn elsewhere …) are kept.
      ...(ConfigFields || device ? { config: { ...(device?.config ?? {}), ...(v.config ?? {}) } } : {}),
    };
    setBusy(true);
    try {
      if (device) {
        await deviceApi.update(
          tenantId,
          {
            ...common,
            id: device.id,
            objectVersionNumber: device.objectVersionNumber,
          },
          device.deviceType,
        );
        message.success(t('common:message.saved'));
      } else {
        const created = await deviceApi.create(tenantId, {
          ...common,
          deviceType: type.key,
          eui: v.eui.trim(),
        });
        message.success(t('device:message.created'));
        onCreated(created);
      }
      await qc.invalidateQueries({ queryKey: deviceKeys.all(tenantId) });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        const { fields, rest } = formErrorsOf(err.code, err.message);
        form.setFields(fields);
        setRefusal(rest);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={
        device
          ? t('device:form.editTitle', { name: device.name })
          : t('device:form.addTitle', { type: type.name[langOf(i18n.language)] })
      }
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal ? <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} /> : null}
      <Form<FormValues> form={form} layout="vertical" initialValues={initialValues} name="deviceForm">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('device:field.name')}
              rules={[
                { required: true, whitespace: true, message: t('common:validation.required') },
                { max: DEVICE_NAME_MAX, message: t('common:validation.maxLength', { max: DEVICE_NAME_MAX }) },
              ]}
            >
              <Input maxLength={DEVICE_NAME_MAX} showCount />
            </Form.Item>
            <Form.Item
              name="eui"
              label={t('device:field.eui')}
              extra={device ? t('device:form.euiFixed') : t('device:form.euiHint')}
              rules={[
                { required: true, message: t('common:validation.required') },
                { pattern: DEVICE_EUI_PATTERN, message: t('device:rule.eui') },
              ]}
            >
              <Input disabled={device !== null} maxLength={64} />
            </Form.Item>
            <Form.Item name="areaId" label={t('device:field.base')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={bases.isFetching}
                options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
                onChange={() => form.setFieldValue('landId', null)}
              />
            </Form.Item>
            <Form.Item name="landId" label={t('device:field.land')}>
              <Select
                allowClear
                disabled={typeof areaId !== 'number'}
                placeholder={typeof areaId === 'number' ? undefined : t('device:form.pickBaseFirst')}
                showSearch={{ optionFilterProp: 'label' }}
                loading={lands.isFetching}
                options={(lands.data ?? []).map((l) => ({ value: l.landId, label: l.landName }))}
              />
            </Form.Item>
            <Form.Item
              name="iccid"
              label={t('device:field.iccid')}
              rules={[{ pattern: ICCID_PATTERN, message: t('device:rule.iccid') }]}
            >
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="parentId" label={t('device:field.parent')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={parentOptions}
                placeholder={t('device:form.noParent')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('device:field.location')} extra={t('device:form.locationHint')}>
              <Suspense fallback={<Spin />}>
                <LocationPicker
                  value={point}
                  center={center}
                  onChange={([la, ln]) => form.setFieldsValue({ lat: la, lng: ln })}
                />
              </Suspense>
              <div className="tl-device-location__text">
                {point ? `${point[0].toFixed(6)}, ${point[1].toFixed(6)}` : t('device:form.noLocation')}
                {point ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => form.setFieldsValue({ lat: null, lng: null })}
                  >
                    {t('device:form.clearLocation')}
                  </Button>
                ) : null}
              </div>
            </Form.Item>
            <Form.Item name="lat" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="lng" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="description" label={t('device:field.description')}>
              <Input.TextArea rows={3} maxLength={DEVICE_DESCRIPTION_MAX} showCount />
            </Form.Item>
          </Col>
        </Row>
        {ConfigFields ? (
          <fieldset className="tl-device-config">
            <legend>{t('device:form.settings')}</legend>
            <ConfigFields />
          </fieldset>
        ) : null}
      </Form>
    </Modal>
  );
}

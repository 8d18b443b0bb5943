import { useQuery } from '@tanstack/react-query';
import {
  CAMERA_ENTERS,
  CAMERA_NAME_MAX,
  CAMERA_SERIAL_MAX,
  type CameraProviderName,
  PROVIDERS_OF_ENTER,
} from '@tilth/contracts/camera.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { type Camera, cameraApi, cameraKeys } from '../../equipment/camera/camera.api';
import { CAMERA_ENTER_KEYS, CAMERA_TYPE_KEYS } from '../../equipment/camera/cameraFormat';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';
import { CONFIG_KEYS, configToSend, defaultProvider, isSecretKey } from './cameraConfig';

export interface CameraFormValues {
  name: string;
  deviceSerial: string;
  cameraType: 0 | 1;
  cameraEnter: number;
  provider: CameraProviderName;
  channelNo: number;
  clarity: number;
  areaId?: number | null;
  landId?: number | null;
  latlng?: string;
  sort: number;
  verificationCode?: string;
  config: Record<string, string | undefined>;
}

const LATLNG = /^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/;

/** The body POST / PUT /wfpe/v1/{t}/camera take: the access method's provider, its settings only. */
export const cameraBodyOf = (v: CameraFormValues) => {
  const providers = PROVIDERS_OF_ENTER[v.cameraEnter] ?? ['demo'];
  const chosen = providers.includes(v.provider) ? v.provider : (providers[0] ?? 'demo');
  return {
    name: v.name.trim(),
    deviceSerial: v.deviceSerial.trim(),
    cameraType: v.cameraType,
    cameraEnter: v.cameraEnter,
    provider: chosen,
    channelNo: v.channelNo,
    clarity: v.clarity,
    areaId: v.areaId ?? null,
    landId: v.landId ?? null,
    latlng: v.latlng?.trim() ? v.latlng.trim() : null,
    sort: v.sort,
    ...(v.verificationCode?.trim() ? { verificationCode: v.verificationCode.trim() } : {}),
    config: configToSend(chosen, v.config ?? {}),
  };
};

/** Add or edit a camera (spec 02 §3 fields, our demo / RTSP access); secrets are write-only. */
export function CameraFormModal({
  tenantId,
  camera,
  onClose,
}: {
  tenantId: number;
  camera: Camera | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['camera', 'common']);
  const [form] = Form.useForm<CameraFormValues>();
  const { busy, run } = useSubmit(cameraKeys.all(tenantId), onClose);
  const enter = Form.useWatch('cameraEnter', form) ?? camera?.cameraEnter ?? 5;
  const provider: CameraProviderName = Form.useWatch('provider', form) ?? defaultProvider(enter);
  const areaId = Form.useWatch('areaId', form);
  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });
  const lands = useQuery({
    queryKey: deviceKeys.lands(tenantId, areaId ?? undefined),
    queryFn: () => deviceApi.lands(tenantId, areaId as number),
    enabled: typeof areaId === 'number',
  });
  const [initialValues] = useState<CameraFormValues>(() => ({
    name: camera?.name ?? '',
    deviceSerial: camera?.deviceSerial ?? '',
    cameraType: camera?.cameraType === 1 ? 1 : 0,
    // Ours (5, demo) by default: a new camera shows video without a cloud account.
    cameraEnter: camera?.cameraEnter ?? 5,
    provider: (camera?.provider as CameraProviderName | undefined) ?? 'demo',
    channelNo: camera?.channelNo ?? 1,
    clarity: camera?.clarity ?? 1,
    areaId: camera?.areaId ?? null,
    landId: camera?.landId ?? null,
    latlng: camera?.latlng ?? '',
    sort: camera?.sort ?? 0,
    verificationCode: '',
    config: Object.fromEntries(
      Object.entries(camera?.config ?? {}).map(([k, v]) => [
        k,
        v === null || v === undefined ? '' : String(v),
      ]),
    ),
  }));
  const providers = PROVIDERS_OF_ENTER[enter] ?? ['demo'];

  const submit = async (v: CameraFormValues) => {
    const body = cameraBodyOf(v);
    await run(
      () =>
        camera
          ? cameraApi.update(tenantId, {
              ...body,
              id: camera.id,
              objectVersionNumber: camera.objectVersionNumber,
            })
          : cameraApi.create(tenantId, body),
      camera ? t('common:message.saved') : t('camera:form.created'),
    );
  };

  const secretHint = (key: string) =>
    camera?.secretKeys.includes(key) ? t('camera:form.secretKept') : undefined;

  return (
    <Modal
      open
      title={camera ? t('camera:form.editTitle') : t('camera:form.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form<CameraFormValues>
        form={form}
        layout="vertical"
        name="cameraForm"
        initialValues={initialValues}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="name"
          label={t('camera:field.name')}
          rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}
        >
          <Input maxLength={CAMERA_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="deviceSerial"
          label={t('camera:field.serial')}
          rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}
        >
          <Input maxLength={CAMERA_SERIAL_MAX} disabled={camera !== null} />
        </Form.Item>
        <Form.Item name="cameraType" label={t('camera:field.type')}>
          <Select options={[0, 1].map((v) => ({ value: v, label: t(`camera:${CAMERA_TYPE_KEYS[v]}`) }))} />
        </Form.Item>
        <Form.Item name="cameraEnter" label={t('camera:field.enter')}>
          <Select
            options={CAMERA_ENTERS.map((v) => ({ value: v, label: t(`camera:${CAMERA_ENTER_KEYS[v]}`) }))}
            onChange={(v: number) => form.setFieldValue('provider', PROVIDERS_OF_ENTER[v]?.[0] ?? 'demo')}
          />
        </Form.Item>
        {providers.length > 1 ? (
          <Form.Item name="provider" label={t('camera:field.provider')}>
            <Select options={providers.map((p) => ({ value: p, label: t(`camera:provider.${p}`) }))} />
          </Form.Item>
        ) : null}
        <Form.Item name="channelNo" label={t('camera:field.channel')}>
          <InputNumber min={1} max={1024} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="clarity" label={t('camera:field.clarity')}>
          <Select
            options={[
              { value: 1, label: t('camera:player.sd') },
              { value: 2, label: t('camera:player.hd') },
            ]}
          />
        </Form.Item>
        <Form.Item name="areaId" label={t('camera:field.base')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
            onChange={() => form.setFieldValue('landId', null)}
          />
        </Form.Item>
        <Form.Item name="landId" label={t('camera:field.land')}>
          <Select
            allowClear
            disabled={typeof areaId !== 'number'}
            showSearch={{ optionFilterProp: 'label' }}
            options={(lands.data ?? []).map((l) => ({ value: l.landId, label: l.landName }))}
          />
        </Form.Item>
        <Form.Item
          name="latlng"
          label={t('camera:field.latlng')}
          rules={[{ pattern: LATLNG, message: t('camera:form.latlngRule') }]}
        >
          <Input placeholder="22.96,113.34" />
        </Form.Item>
        <Form.Item name="sort" label={t('camera:field.sort')}>
          <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {enter === 1 || enter === 2 ? (
          <Form.Item name="verificationCode" label={t('camera:field.verificationCode')}>
            <Input.Password
              maxLength={64}
              autoComplete="new-password"
              placeholder={camera?.hasVerificationCode ? t('camera:form.secretKept') : undefined}
            />
          </Form.Item>
        ) : null}
        {(CONFIG_KEYS[providers.includes(provider) ? provider : (providers[0] ?? 'demo')] ?? []).map(
          (key) => (
            <Form.Item key={key} name={['config', key]} label={t(`camera:config.${key}`)}>
              {isSecretKey(key) ? (
                <Input.Password maxLength={500} autoComplete="new-password" placeholder={secretHint(key)} />
              ) : (
                <Input maxLength={500} />
              )}
            </Form.Item>
          ),
        )}
      </Form>
    </Modal>
  );
}

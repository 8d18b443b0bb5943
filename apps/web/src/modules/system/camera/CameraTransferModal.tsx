import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { cameraApi } from '../../equipment/camera/camera.api';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';

export interface CameraTransferModalProps {
  tenantId: number;
  ids: number[];
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

/** Spec 02 §5 transfer: a base ('Please select base') and a land ('Please select land'), both required. */
export function CameraTransferModal({ tenantId, ids, onClose, onDone }: CameraTransferModalProps) {
  const { t } = useTranslation(['camera', 'common']);
  const message = useMessage();
  const [form] = Form.useForm<{ areaId?: number; landId?: number }>();
  const [busy, setBusy] = useState(false);
  const areaId = Form.useWatch('areaId', form);
  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });
  const lands = useQuery({
    queryKey: deviceKeys.lands(tenantId, areaId),
    queryFn: () => deviceApi.lands(tenantId, areaId as number),
    enabled: typeof areaId === 'number',
  });

  const submit = async () => {
    let v: { areaId?: number; landId?: number };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (v.areaId === undefined || v.landId === undefined) return;
    setBusy(true);
    try {
      const done = await cameraApi.transfer(tenantId, { ids, areaId: v.areaId, landId: v.landId });
      if (done !== 1) throw new Error('not transferred');
      void message.success(t('camera:manager.transferred'));
      await onDone();
      onClose();
    } catch {
      void message.error(t('camera:manager.transferFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('camera:manager.transferTitle', { count: ids.length })}
      okText={t('common:action.confirm')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="cameraTransfer">
        <Form.Item
          name="areaId"
          label={t('camera:field.base')}
          rules={[{ required: true, message: t('camera:manager.pickBase') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
            onChange={() => form.setFieldValue('landId', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="landId"
          label={t('camera:field.land')}
          rules={[{ required: true, message: t('camera:manager.pickLand') }]}
        >
          <Select
            disabled={typeof areaId !== 'number'}
            showSearch={{ optionFilterProp: 'label' }}
            loading={lands.isFetching}
            options={(lands.data ?? []).map((l) => ({ value: l.landId, label: l.landName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

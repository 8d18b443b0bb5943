import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';

export interface TransferTarget {
  ids: number[];
  areaId: number;
  landId: number;
}

export interface TransferModalProps {
  tenantId: number;
  ids: number[];
  onClose: () => void;
  onDone: () => Promise<unknown>;
  /** Whose texts (device or camera manager: the same keys in each namespace). */
  ns?: 'device' | 'camera';
  /** Moves the rows; throws when they did not move. Devices by default. */
  transfer?: (target: TransferTarget) => Promise<unknown>;
}

/** Spec 02 §2 / §5 transfer dialog of the device and camera managers: a base, then a land; both required. */
export function TransferModal({
  tenantId,
  ids,
  onClose,
  onDone,
  ns = 'device',
  transfer = (target) => deviceApi.transfer(tenantId, target),
}: TransferModalProps) {
  const { t } = useTranslation([ns, 'common']);
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
      await transfer({ ids, areaId: v.areaId, landId: v.landId });
      message.success(t(`${ns}:manager.transferred`));
      await onDone();
      onClose();
    } catch {
      message.error(t(`${ns}:manager.transferFailed`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(`${ns}:manager.transferTitle`, { count: ids.length })}
      okText={t('common:action.confirm')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`${ns}Transfer`}>
        <Form.Item
          name="areaId"
          label={t(`${ns}:field.base`)}
          rules={[{ required: true, message: t(`${ns}:manager.pickBase`) }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
            onChange={() => form.setFieldValue('landId', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="landId"
          label={t(`${ns}:field.land`)}
          rules={[{ required: true, message: t(`${ns}:manager.pickLand`) }]}
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

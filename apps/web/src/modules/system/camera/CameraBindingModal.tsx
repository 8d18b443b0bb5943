import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { type Camera, cameraKeys } from '../../equipment/camera/camera.api';
import { cameraAdminApi, cameraAdminKeys } from './cameraAdmin.api';

/** Binds a camera to one of the tenant's gateways (spec 02 §7 POST {id}/binding), or unbinds it. */
export function CameraBindingModal({
  tenantId,
  camera,
  onClose,
}: {
  tenantId: number;
  camera: Camera;
  onClose: () => void;
}) {
  const { t } = useTranslation(['camera', 'common']);
  const [gatewayId, setGatewayId] = useState<number | null>(camera.concentratorId);
  const { busy, run } = useSubmit(cameraKeys.all(tenantId), onClose);
  const gateways = useQuery({
    queryKey: cameraAdminKeys.gateways(tenantId),
    queryFn: () => cameraAdminApi.gateways(tenantId),
  });
  const options = (gateways.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.eui})` }));
  const bound = camera.concentratorId !== null;

  return (
    <Modal
      open
      title={t('camera:bind.title', { name: camera.name })}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: gatewayId === camera.concentratorId }}
      onOk={() =>
        void run(
          () => cameraAdminApi.bind(tenantId, camera, gatewayId),
          gatewayId === null ? t('camera:bind.unbound') : t('camera:bind.bound'),
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{bound ? t('camera:bind.current') : t('camera:bind.none')}</p>
      <Select<number>
        allowClear
        style={{ width: '100%' }}
        placeholder={t('camera:bind.pick')}
        loading={gateways.isLoading}
        value={gatewayId ?? undefined}
        onChange={(v) => setGatewayId(v ?? null)}
        showSearch={{ optionFilterProp: 'label' }}
        options={options}
        notFoundContent={
          gateways.isLoading ? undefined : (
            <EmptyState variant="noData" size="small" description={t('camera:bind.noGateways')} />
          )
        }
      />
      <p className="tl-cam-hint">{t('camera:bind.hint')}</p>
    </Modal>
  );
}

import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useBrand } from '../../../shared/brand/useBrand';
import { useSelf } from '../../account/api/account.api';
import { useScenes, useVr } from '../api/vr.api';
import { DevicePopup } from './DevicePopup';
import { TourView } from './TourView';
import { tourScenesOf } from './tourScenes';

const LIST_PATH = '/system/vr-video';

/** /preview-vr/{id}: the tour full page as visitors will see it, with live device popups and control. */
export function VrPreviewPage() {
  const { t } = useTranslation('vr');
  const { id } = useParams();
  const vrId = Number(id);
  const navigate = useNavigate();
  const self = useSelf();
  const tenantId = self.data?.tenantId;
  const { brand } = useBrand();
  const vr = useVr(tenantId, vrId);
  const scenes = useScenes(tenantId, vrId);
  const tourScenes = useMemo(() => tourScenesOf(scenes.data ?? []), [scenes.data]);

  if (vr.isError || scenes.isError || !(vrId > 0)) {
    return (
      <Result
        status="404"
        title={t('vr:preview.notFound')}
        extra={<a href={LIST_PATH}>{t('vr:preview.back')}</a>}
      />
    );
  }
  if (!tenantId || !vr.data || !scenes.data) {
    return (
      <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  return (
    <TourView
      vrName={vr.data.vrName}
      description={vr.data.description}
      logoUrl={brand.menuLogo || brand.workLogo || null}
      scenes={tourScenes}
      auth="session"
      onClose={() => navigate(LIST_PATH)}
      renderDevice={(action, _scenesId, close) => (
        <DevicePopup tenantId={tenantId} action={action} onClose={close} />
      )}
    />
  );
}

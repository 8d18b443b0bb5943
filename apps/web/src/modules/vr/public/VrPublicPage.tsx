import { useQuery } from '@tanstack/react-query';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { publicVrApi } from '../library/library.api';
import { TourView } from '../preview/TourView';
import { publicTourScenesOf } from '../preview/tourScenes';
import { PublicDevicePopup } from './PublicDevicePopup';

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** The friendly page of a withdrawn, unknown or broken link. */
export function TourUnavailable() {
  const { t } = useTranslation('vr');
  return <Result status="404" title={t('vr:public.unavailable')} subTitle={t('vr:public.unavailableHelp')} />;
}

/** /vr/{tenantId}/{token}: a published tour, read-only and without sign-in. */
export function VrPublicPage() {
  const { tenantId = '', token = '' } = useParams();
  const valid = /^\d{1,12}$/.test(tenantId) && TOKEN.test(token);
  const tour = useQuery({
    queryKey: ['vr-public', tenantId, token],
    queryFn: () => publicVrApi.get(tenantId, token),
    enabled: valid,
    retry: false,
    // A link found withdrawn stays 'not available' until the visitor reloads the page.
    retryOnMount: false,
  });
  const scenes = useMemo(() => (tour.data ? publicTourScenesOf(tour.data) : []), [tour.data]);

  if (!valid || tour.isError) return <TourUnavailable />;
  if (!tour.data) {
    return (
      <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  return (
    <TourView
      vrName={tour.data.vrName}
      description={tour.data.description}
      logoUrl={tour.data.logoUrl}
      scenes={scenes}
      auth="none"
      renderDevice={(action, scenesId, close) => (
        <PublicDevicePopup
          tenantId={tenantId}
          token={token}
          scenesId={scenesId}
          action={action}
          onClose={close}
        />
      )}
    />
  );
}

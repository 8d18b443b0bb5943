import { useQuery } from '@tanstack/react-query';
import { type DeviceTypeDef, metricOf } from '@tilth/contracts/device-types';
import Carousel from 'antd/es/carousel';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/time';
import { menuIcon } from '../../../../shell/menu/icons';
import { useShell } from '../../../../shell/ShellContext';
import { MetricValue } from '../../shared/MetricValue';
import { type CollectedDatum, type Device, deviceApi, deviceKeys } from '../api/device.api';
import { chunk } from '../deviceFormat';
import { NoData } from './NoData';

/** Spec 02 §2: collected values, 5 cards per carousel slide. */
export const CARDS_PER_SLIDE = 5;

function Card({ datum, typeKey, icon }: { datum: CollectedDatum; typeKey: string; icon: string }) {
  const { t } = useTranslation('device');
  const metric = metricOf(typeKey, datum.id);
  return (
    <div className="tl-device-card" data-testid={`device-datum-${datum.id}`} data-online={datum.online}>
      <div className="tl-device-card__icon">{menuIcon(datum.icon ?? icon)}</div>
      <div className="tl-device-card__body">
        <div className="tl-device-card__name">{datum.name}</div>
        {/* Keyed by time so the value flashes when a live reading replaces it. */}
        <div
          className="tl-device-card__value"
          key={datum.newestTime ?? 'none'}
          data-testid="device-datum-value"
        >
          {/* Words for states (open / closed, normal / fault), numbers otherwise; the unit stays apart. */}
          <MetricValue metric={metric} value={datum.newestData} unit="" />
          {datum.newestData !== null && datum.unit && !metric?.states ? (
            <span className="tl-device-card__unit">{datum.unit}</span>
          ) : null}
        </div>
        <div className="tl-device-card__time">
          {datum.newestTime ? formatDateTime(datum.newestTime, 'YYYY-MM-DD HH:mm:ss') : t('device:noReading')}
        </div>
      </div>
    </div>
  );
}

/** The collected-data cards of a device, kept current by the live stream (cache patched on events). */
export function CollectedCards({ device, type }: { device: Device; type: DeviceTypeDef }) {
  const { tenantId } = useShell();
  const q = useQuery({
    queryKey: deviceKeys.collection(tenantId, device.id),
    queryFn: () => deviceApi.collection(tenantId, device.id),
  });
  if (q.isPending) return <Spin />;
  const list = q.data ?? [];
  if (list.length === 0) return <NoData />;
  const slides = chunk(list, CARDS_PER_SLIDE);
  return (
    <Carousel arrows dots={slides.length > 1} infinite={false} className="tl-device-cards">
      {slides.map((slide) => (
        <div key={slide[0]?.id ?? 'empty'}>
          <div className="tl-device-cards__slide">
            {slide.map((d) => (
              <Card key={d.id} datum={d} typeKey={type.key} icon={type.icon} />
            ))}
          </div>
        </div>
      ))}
    </Carousel>
  );
}

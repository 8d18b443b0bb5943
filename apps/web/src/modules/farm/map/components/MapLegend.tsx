import { useTranslation } from 'react-i18next';
import { PLOT_COLORS, type PlotState } from '../../../../shared/map/overlays';

const STATES: PlotState[] = ['growing', 'nurture', 'idle', 'disabled'];

/** What the plot colours mean, and the base marker. */
export function MapLegend({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation('farmMap');
  return (
    <div className={`tl-map-legend${dark ? ' tl-map-legend--dark' : ''}`}>
      {STATES.map((s) => (
        <span key={s} className="tl-map-legend__item">
          <i style={{ background: PLOT_COLORS[s] }} />
          {t(`legend.${s}`)}
        </span>
      ))}
      <span className="tl-map-legend__item">
        <i className="tl-map-legend__base" />
        {t('legend.base')}
      </span>
    </div>
  );
}

import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import type { FarmOverview } from './farmOverview.api';
import { cropShares } from './overviewModel';

/** Plots and batches at a glance: counts, total mu, growing batches by crop, workers and open tasks. */
export function FarmStatsCard({ overview }: { overview: FarmOverview | undefined }) {
  const { t, i18n } = useTranslation('farm');
  const int = new Intl.NumberFormat(i18n.language);
  const mu = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const crops = overview?.batches.growingByCrop ?? [];
  const shares = cropShares(crops.map((c) => c.batchCount));
  const stats = overview
    ? [
        {
          key: 'lands',
          value: int.format(overview.lands.enabled),
          hint: t('home.stats.landsHint', { inUse: overview.lands.inUse }),
        },
        { key: 'area', value: mu.format(overview.lands.totalAreaMu), hint: t('home.stats.areaUnit') },
        {
          key: 'growing',
          value: int.format(overview.batches.growing),
          hint: t('home.stats.harvestedHint', { count: overview.batches.harvestedThisYear }),
        },
        {
          key: 'workers',
          value: int.format(overview.workers.total),
          hint: t('home.stats.inProgressHint', { count: overview.tasks.inProgressCount }),
        },
      ]
    : [];
  return (
    <section className="tl-card tl-home-stats">
      <h3 className="tl-card__title">
        <AppstoreOutlined /> {t('home.overview.title')}
      </h3>
      <div className="tl-home-stats__grid">
        {stats.map((s) => (
          <div key={s.key} className="tl-home-stat">
            <div className="tl-home-stat__label">{t(`home.stats.${s.key}`)}</div>
            <div className="tl-home-stat__value">{s.value}</div>
            <div className="tl-home-stat__hint">{s.hint}</div>
          </div>
        ))}
      </div>
      <h4 className="tl-home-subtitle">{t('home.stats.byCrop')}</h4>
      {crops.length ? (
        <ul className="tl-home-crops">
          {crops.map((c, i) => (
            <li key={c.cropId}>
              <span className="tl-home-crops__name">{c.cropName ?? '—'}</span>
              <span className="tl-home-crops__bar">
                <span style={{ width: `${shares[i] ?? 0}%` }} />
              </span>
              <span className="tl-home-crops__figure">
                {t('home.stats.cropFigure', { count: c.batchCount, mu: mu.format(c.areaMu) })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState variant="noData" size="small" title={t('home.stats.noBatches')} />
      )}
    </section>
  );
}

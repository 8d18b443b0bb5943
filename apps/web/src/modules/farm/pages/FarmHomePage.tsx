import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { useQuery } from '@tanstack/react-query';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { areaCenterPair, useSelectedArea } from '../../../shared/area/areaStore';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { nowInZone, useTimeZone } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { menuIcon } from '../../../shell/menu/icons';
import { firstLeaf, isExternalLink, isGroup, leaves, type MenuNode } from '../../../shell/menu/menuModel';
import { useMenuTree } from '../../../shell/menu/useMenu';
import { useShell } from '../../../shell/ShellContext';
import { currentTenantOf, useSelf } from '../../account/api/account.api';
import { FarmHomeBanners } from '../../content/media/FarmHomeBanners';
import { greetingKey } from '../greeting';
import { FarmStatsCard } from '../home/FarmStatsCard';
import { FARM_HOME_CODE, farmOverviewApi, farmOverviewKeys } from '../home/farmOverview.api';
import { LatestLogsCard } from '../home/LatestLogsCard';
import { MarketPriceCard } from '../home/MarketPriceCard';
import { TodayTasksCard } from '../home/TodayTasksCard';
import { WeatherCard } from '../home/WeatherCard';
import '../farm.css';

function BaseCard() {
  const { t } = useTranslation('farm');
  const area = useSelectedArea();
  const center = areaCenterPair(area?.areaCenter);
  return (
    <section className="tl-card tl-base-card">
      <h3 className="tl-card__title">
        <EnvironmentOutlined /> {t('home.base.title')}
      </h3>
      {area ? (
        <dl className="tl-base-card__facts">
          <div className="tl-base-card__name">
            {area.areaName}
            {area.defaultFlag === 1 ? <Tag color="green">{t('home.base.default')}</Tag> : null}
          </div>
          <div>
            <dt>{t('home.base.code')}</dt>
            <dd>{area.areaNum || '—'}</dd>
          </div>
          <div>
            <dt>{t('home.base.usage')}</dt>
            <dd>{area.areaUsage === 'nurture' ? t('home.base.nurture') : t('home.base.plant')}</dd>
          </div>
          <div>
            <dt>{t('home.base.center')}</dt>
            <dd>{center ? `${center[0].toFixed(4)}, ${center[1].toFixed(4)}` : t('home.base.noCenter')}</dd>
          </div>
        </dl>
      ) : (
        <EmptyState variant="noData" size="small" title={t('home.base.none')} />
      )}
    </section>
  );
}

function QuickLinks({ menu }: { menu: readonly MenuNode[] }) {
  const { t } = useTranslation('farm');
  const navigate = useNavigate();
  const open = (node: MenuNode) => {
    const target = firstLeaf(node);
    if (!target) return;
    if (isExternalLink(target.route)) window.open(target.route, '_blank', 'noopener,noreferrer');
    else navigate(target.route);
  };
  return (
    <section className="tl-card tl-links">
      <h3 className="tl-card__title">{t('home.links.title')}</h3>
      {menu.length ? (
        <div className="tl-links__grid">
          {menu.map((node) => (
            <button
              key={node.viewCode || node.route}
              type="button"
              className="tl-links__item"
              onClick={() => open(node)}
            >
              <span className="tl-links__icon">{menuIcon(node.icon)}</span>
              <span className="tl-links__text">
                <span className="tl-links__name">{node.name}</span>
                <span className="tl-links__count">
                  {isGroup(node)
                    ? t('home.links.pages', { count: leaves(node.subMenus).length })
                    : t('home.links.open')}
                </span>
              </span>
              <RightOutlined className="tl-links__arrow" />
            </button>
          ))}
        </div>
      ) : (
        <EmptyState variant="noPermission" size="small" title={t('home.links.none')} />
      )}
    </section>
  );
}

/**
 * The selected base's dashboard: figures, today's and overdue tasks, latest logs, weather and market
 * prices. "Today" is the farm day (the tenant's time zone) the server answers, not the browser's.
 */
function Dashboard() {
  const { t } = useTranslation('farm');
  const { tenantId } = useShell();
  const area = useSelectedArea();
  const areaId = area?.areaId ?? null;
  const access = usePermissions([FARM_HOME_CODE]);
  const overview = useQuery({
    queryKey: farmOverviewKeys.one(tenantId, areaId),
    queryFn: () => farmOverviewApi.get(tenantId, areaId),
    enabled: access.allowed,
    refetchInterval: 5 * 60_000,
  });
  const data = overview.data;
  return (
    <>
      {access.allowed ? (
        <>
          <FarmStatsCard overview={data} />
          <div className="tl-farm-home__pair">
            <TodayTasksCard overview={data} />
            <LatestLogsCard overview={data} />
          </div>
        </>
      ) : access.loading ? null : (
        <section className="tl-card">
          <h3 className="tl-card__title">{t('home.overview.title')}</h3>
          <EmptyState variant="noPermission" size="small" />
        </section>
      )}
      <div className="tl-farm-home__pair">
        <WeatherCard areaId={areaId} areaName={area?.areaName} center={areaCenterPair(area?.areaCenter)} />
        <MarketPriceCard />
      </div>
    </>
  );
}

/** /web/farm/home: greeting, the selected base, the menu's groups at a glance, and the farm overview. */
export function FarmHomePage() {
  const { t, i18n } = useTranslation('farm');
  const self = useSelf().data;
  const menu = useMenuTree('wfpf-farm', self?.tenantId).data ?? [];
  // The tenant's clock, not the browser's; re-rendered when the tenant's zone changes.
  useTimeZone();
  const now = nowInZone();
  const tenant = currentTenantOf(self);
  return (
    <div className="tl-farm-home">
      <section className="tl-hero">
        <div>
          <h1>
            {t(greetingKey(now.hour()))}
            {self ? `, ${self.realName || self.loginName}` : ''}
          </h1>
          <p>
            {tenant?.tenantName}
            <span className="tl-hero__dot" />
            {now.locale(i18n.language === 'en-US' ? 'en' : 'zh-cn').format(t('home.dateFormat'))}
          </p>
        </div>
        <svg className="tl-hero__art" viewBox="0 0 120 80" aria-hidden="true">
          <circle cx="92" cy="22" r="12" fill="#fff" fillOpacity="0.35" />
          <path d="M0 70c30-18 60-20 120-8v18H0z" fill="#fff" fillOpacity="0.18" />
          <path d="M60 70V40" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          <path d="M60 46c0-12 8-20 20-20 0 12-8 20-20 20z" fill="#fff" />
          <path d="M60 54c0-10-7-16-16-16 0 10 7 16 16 16z" fill="#fff" fillOpacity="0.7" />
        </svg>
      </section>
      <FarmHomeBanners />
      <div className="tl-farm-home__grid">
        <BaseCard />
        <QuickLinks menu={menu} />
      </div>
      <Dashboard />
    </div>
  );
}

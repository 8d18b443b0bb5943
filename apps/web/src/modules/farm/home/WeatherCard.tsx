import AimOutlined from '@ant-design/icons/AimOutlined';
import CloudOutlined from '@ant-design/icons/CloudOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import {
  beaufort,
  compassPoint,
  type WeatherCity,
  type WeatherNow,
  type WeatherPlace,
  weatherApi,
  weatherKeys,
} from './weather.api';
import { WeatherIcon } from './weatherIcon';
import './weather.css';

export interface WeatherCardProps {
  areaId: number | null;
  areaName?: string;
  /** The base's centre as [lat, lng], or null when it has none. */
  center: [number, number] | null;
}

type Lang = 'zh-CN' | 'en-US';
const langOf = (language: string): Lang => (language === 'en-US' ? 'en-US' : 'zh-CN');

/** The city search: type a name, pick one of the service's matches. */
function CitySearch({ tenantId, onPick }: { tenantId: number; onPick: (c: WeatherCity) => void }) {
  const { t } = useTranslation('weather');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // Wait for a pause in typing before asking the service.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 400);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: weatherKeys.cities(tenantId, keyword),
    queryFn: () => weatherApi.cities(tenantId, keyword),
    enabled: keyword !== '',
    staleTime: 10 * 60_000,
    retry: false,
  });
  const cities = found.data ?? [];
  const label = (c: WeatherCity) => [c.name, c.admin, c.country].filter(Boolean).join(' · ');
  return (
    <div className="tl-weather__search">
      <Select
        showSearch={{ filterOption: false, onSearch: setTyped }}
        autoFocus
        placeholder={t('search.placeholder')}
        style={{ width: 260 }}
        loading={found.isFetching}
        notFoundContent={
          found.isError
            ? errorText(found.error)
            : keyword && !found.isFetching
              ? t('search.none')
              : t('search.hint')
        }
        options={cities.map((c, i) => ({ value: i, label: label(c) }))}
        onChange={(i: number) => {
          const c = cities[i];
          if (c) onPick(c);
        }}
      />
    </div>
  );
}

function Reading({ w, lang }: { w: WeatherNow; lang: Lang }) {
  const { t } = useTranslation('weather');
  const n = useMemo(() => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }), [lang]);
  const wind =
    w.windSpeed === null
      ? '—'
      : lang === 'zh-CN'
        ? `${w.windDirection === null ? '' : t(`wind.${compassPoint(w.windDirection)}`)} ${t('wind.force', { force: beaufort(w.windSpeed) })} · ${n.format(w.windSpeed)} m/s`
        : `${w.windDirection === null ? '' : compassPoint(w.windDirection)} ${n.format(w.windSpeed)} m/s`;
  const dayLabel = (date: string, i: number) =>
    i < 2
      ? t(i === 0 ? 'forecast.today' : 'forecast.tomorrow')
      : formatDateTime(date, t('forecast.dayFormat'));
  return (
    <>
      <div className="tl-weather__now">
        <WeatherIcon code={w.weatherCode} size={64} label={w.text[lang]} />
        <div>
          <div className="tl-weather__temp">
            {n.format(w.temperature)}
            <span>°C</span>
          </div>
          <div className="tl-weather__text">{w.text[lang]}</div>
        </div>
        <dl className="tl-weather__facts">
          <div>
            <dt>{t('now.humidity')}</dt>
            <dd>{w.humidity === null ? '—' : `${n.format(w.humidity)}%`}</dd>
          </div>
          <div>
            <dt>{t('now.wind')}</dt>
            <dd>{wind.trim()}</dd>
          </div>
        </dl>
      </div>
      {w.forecast.length ? (
        <ul className="tl-weather__days">
          {w.forecast.map((d, i) => (
            <li key={d.date}>
              <span className="tl-weather__day">{dayLabel(d.date, i)}</span>
              <WeatherIcon code={d.weatherCode} size={28} label={d.text[lang]} />
              <span className="tl-weather__day-text">{d.text[lang]}</span>
              <span className="tl-weather__range">
                {n.format(d.tempMin)}° / {n.format(d.tempMax)}°
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="tl-weather__foot">
        {t('now.observed', { time: formatDateTime(w.observedAt, t('now.timeFormat')) })}
      </div>
    </>
  );
}

/** The farm home's weather: the selected base's current weather and 3 days ahead, or a searched city's. */
export function WeatherCard({ areaId, areaName, center }: WeatherCardProps) {
  const { t, i18n } = useTranslation('weather');
  const lang = langOf(i18n.language);
  const { tenantId } = useShell();
  const [city, setCity] = useState<WeatherCity | null>(null);
  const [searching, setSearching] = useState(false);
  // A new base selected in the shell brings the card back to that base.
  // biome-ignore lint/correctness/useExhaustiveDependencies: areaId is the trigger, not a value used
  useEffect(() => setCity(null), [areaId]);

  const place: WeatherPlace | null = city
    ? { kind: 'point', lat: city.lat, lng: city.lng }
    : areaId !== null && center
      ? { kind: 'area', areaId }
      : null;
  const weather = useQuery({
    queryKey: place ? weatherKeys.now(tenantId, place) : ['weather', 'none'],
    queryFn: () => (place ? weatherApi.now(tenantId, place) : Promise.reject(new Error('no place'))),
    enabled: place !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
  const placeName = city ? city.name : (areaName ?? '');

  let body: ReactNode;
  if (!place) {
    body = (
      <div className="tl-weather__state">
        <AimOutlined className="tl-weather__state-icon" />
        <strong>{areaId === null ? t('state.noBase') : t('state.noCenter')}</strong>
        <span>{t('state.noCenterHint')}</span>
      </div>
    );
  } else if (weather.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  } else if (weather.isError) {
    const err = weather.error;
    const unavailable = err instanceof ApiError && (err.status === 503 || err.status === 0);
    body = (
      <div className="tl-weather__state" role="status">
        <CloudOutlined className="tl-weather__state-icon" />
        <strong>{unavailable ? t('state.unavailable') : t('state.failed')}</strong>
        <span>{errorText(err)}</span>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void weather.refetch()}>
          {t('state.retry')}
        </Button>
      </div>
    );
  } else {
    body = <Reading w={weather.data} lang={lang} />;
  }

  return (
    <section className="tl-card tl-weather">
      <h3 className="tl-card__title tl-weather__title">
        <span className="tl-weather__where">
          <CloudOutlined /> {t('title')}
          {placeName ? <span className="tl-weather__place">{placeName}</span> : null}
        </span>
        <span className="tl-weather__actions">
          {city && areaId !== null ? (
            <Button type="link" size="small" onClick={() => setCity(null)}>
              {t('search.back')}
            </Button>
          ) : null}
          <Popover
            trigger="click"
            open={searching}
            onOpenChange={setSearching}
            placement="bottomRight"
            destroyOnHidden
            content={
              <CitySearch
                tenantId={tenantId}
                onPick={(c) => {
                  setCity(c);
                  setSearching(false);
                }}
              />
            }
          >
            <Button size="small" type="text" icon={<SearchOutlined />} aria-label={t('search.open')} />
          </Popover>
        </span>
      </h3>
      {body}
    </section>
  );
}

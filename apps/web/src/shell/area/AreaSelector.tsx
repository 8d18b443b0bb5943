import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import { useInfiniteQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { type UIEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectArea, useSelectedArea } from '../../shared/area/areaStore';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { shellPorts } from '../shellPorts';

/** Loads the next page when the list is scrolled this close to its end. */
const LOAD_MORE_PX = 32;

/** The base selector (spec 01 §2.10): pages of 20 loaded as the list scrolls, searchable by name. */
export function AreaSelector({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation('shell');
  const selected = useSelectedArea();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const { areasPage, areaPageSize } = shellPorts();
  const query = useInfiniteQuery({
    queryKey: ['areas', tenantId, search],
    queryFn: ({ pageParam }) =>
      areasPage(tenantId, { page: pageParam, size: areaPageSize, areaName: search || undefined }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
  });
  const areas = useMemo(() => query.data?.pages.flatMap((p) => p.content) ?? [], [query.data]);

  // A base belongs to one tenant: when the tenant changes under the mounted selector, the choice goes.
  // (The tenant switch clears it too, but the selector may render once more with the old tenant before
  // the new one arrives, and would pick the old tenant's default base again.)
  const shownTenant = useRef(tenantId);
  useEffect(() => {
    if (shownTenant.current === tenantId) return;
    shownTenant.current = tenantId;
    selectArea(null);
  }, [tenantId]);

  // With nothing chosen yet (a new visit, a tenant switch), the tenant's default base is taken.
  useEffect(() => {
    if (selected || search || areas.length === 0) return;
    const preferred = areas.find((a) => a.defaultFlag === 1) ?? areas[0];
    if (preferred) selectArea(preferred);
  }, [selected, search, areas]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight < el.scrollHeight - LOAD_MORE_PX) return;
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  return (
    <Select
      className="tl-area-select"
      aria-label={t('area.label')}
      prefix={<EnvironmentOutlined />}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      labelInValue
      value={selected ? { value: selected.areaId, label: selected.areaName } : undefined}
      placeholder={t('area.placeholder')}
      popupMatchSelectWidth={260}
      options={areas.map((a) => ({ value: a.areaId, label: a.areaName }))}
      onChange={(value) => {
        const area = areas.find((a) => a.areaId === value?.value);
        if (area) selectArea(area);
        setTyped('');
      }}
      onPopupScroll={onScroll}
      loading={query.isFetching}
      notFoundContent={
        query.isPending ? (
          <Spin size="small" />
        ) : (
          <EmptyState variant={search ? 'noSearchResult' : 'noData'} size="small" />
        )
      }
      popupRender={(menu) => (
        <>
          {menu}
          {query.isFetchingNextPage ? (
            <div className="tl-area-select__more">
              <Spin size="small" />
            </div>
          ) : null}
        </>
      )}
    />
  );
}

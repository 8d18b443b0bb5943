import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Rate from 'antd/es/rate';
import Statistic from 'antd/es/statistic';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { InquiryAskModal } from './InquiryAskModal';
import { InquiryThreadDrawer } from './InquiryThreadDrawer';
import {
  INQUIRY_CODES,
  type Inquiry,
  type InquiryRef,
  inquiryApi,
  inquiryKeys,
  PLATFORM_TENANT_ID,
} from './inquiry.api';
import { askPrefill, durationKey } from './inquiryText';
import './inquiry.css';

type Scope = 'mine' | 'queue' | 'answered' | 'all' | 'pool';

export const STATUS_COLOR: Record<Inquiry['status'], string> = {
  open: 'processing',
  asked_back: 'warning',
  answered: 'success',
  closed: 'default',
};
const URGENCY_COLOR: Record<Inquiry['urgency'], string> = { low: 'default', normal: 'blue', urgent: 'red' };

/** A duration for the table and the thread ('—' while none). */
export function Duration({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation('inquiry');
  if (seconds === null) return <>{NO_DATA}</>;
  const d = durationKey(seconds);
  return <>{t(d.key, d.values)}</>;
}

function Dashboard({ pool }: { pool: boolean }) {
  const { t } = useTranslation('inquiry');
  const { tenantId } = useShell();
  const q = useQuery({
    queryKey: inquiryKeys.dashboard(tenantId, pool),
    queryFn: () => inquiryApi.dashboard(tenantId, pool),
  });
  const d = q.data;
  return (
    <div className="tl-inquiry-dashboard" data-testid="inquiry-dashboard">
      <Card size="small">
        <Statistic title={t('dashboard.queue')} value={d?.queueCount ?? 0} loading={q.isPending} />
        <Typography.Text type="secondary">
          {t('dashboard.oldest')}: {d?.oldestOpenDate ? formatDateTime(d.oldestOpenDate) : NO_DATA}
        </Typography.Text>
      </Card>
      <Card size="small">
        <Statistic title={t('dashboard.answered')} value={d?.myAnsweredCount ?? 0} loading={q.isPending} />
      </Card>
      <Card size="small">
        <Statistic
          title={t('dashboard.rating', { count: d?.ratedCount ?? 0 })}
          value={d?.averageRating ?? NO_DATA}
          precision={d?.averageRating ? 2 : undefined}
          loading={q.isPending}
        />
      </Card>
      <Card size="small">
        <div className="ant-statistic-title">{t('dashboard.firstResponse')}</div>
        <div className="tl-inquiry-dashboard__value">
          <Duration seconds={d?.averageFirstResponseSeconds ?? null} />
        </div>
      </Card>
    </div>
  );
}

function InquiryList({
  scope,
  onOpen,
  onAsk,
}: {
  scope: Scope;
  onOpen: (r: InquiryRef) => void;
  onAsk?: () => void;
}) {
  const { t } = useTranslation(['inquiry', 'common']);
  const { tenantId } = useShell();
  const pool = scope === 'pool';
  const key = useMemo(() => inquiryKeys.list(tenantId, scope), [tenantId, scope]);
  const list = usePagedList<Inquiry>(key, (q) =>
    inquiryApi.list(tenantId, { ...q, scope: pool ? 'all' : scope }, pool),
  );
  const fields: FilterField[] = [
    { name: 'keyword', label: t('field.keyword'), type: 'text' },
    ...(scope === 'queue'
      ? []
      : [
          {
            name: 'status',
            label: t('field.status'),
            type: 'select' as const,
            options: (['open', 'asked_back', 'answered', 'closed'] as const).map((s) => ({
              value: s,
              label: t(`status.${s}`),
            })),
          },
        ]),
    {
      name: 'urgency',
      label: t('field.urgency'),
      type: 'select',
      options: (['low', 'normal', 'urgent'] as const).map((u) => ({ value: u, label: t(`urgency.${u}`) })),
    },
  ];
  const columns: ColumnsType<Inquiry> = [
    {
      title: t('field.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, r) => (
        <Typography.Link
          onClick={() => onOpen({ id: r.inquiryId, askTenantId: pool ? r.tenantId : undefined })}
        >
          {title}
        </Typography.Link>
      ),
    },
    { title: t('field.crop'), dataIndex: 'cropName', width: 110, ellipsis: true },
    { title: t('field.land'), dataIndex: 'landName', width: 120, ellipsis: true },
    {
      title: t('field.urgency'),
      dataIndex: 'urgency',
      width: 90,
      render: (u: Inquiry['urgency']) => <Tag color={URGENCY_COLOR[u]}>{t(`urgency.${u}`)}</Tag>,
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: Inquiry['status']) => <Tag color={STATUS_COLOR[s]}>{t(`status.${s}`)}</Tag>,
    },
    ...(scope === 'mine'
      ? []
      : [{ title: t('field.asker'), dataIndex: 'askerName', width: 100, ellipsis: true }]),
    {
      title: t('field.askedAt'),
      dataIndex: 'creationDate',
      width: 170,
      render: (d: string) => formatDateTime(d),
    },
    {
      title: t('field.firstResponse'),
      dataIndex: 'firstResponseSeconds',
      width: 120,
      render: (s: number | null) => <Duration seconds={s} />,
    },
    {
      title: t('field.resolution'),
      dataIndex: 'resolutionSeconds',
      width: 120,
      render: (s: number | null) => <Duration seconds={s} />,
    },
    {
      title: t('field.rating'),
      dataIndex: 'rating',
      width: 150,
      render: (r: number | null) =>
        r === null ? NO_DATA : <Rate disabled value={r} style={{ fontSize: 14 }} />,
    },
  ];
  return (
    <>
      <FilterBar
        fields={fields}
        onSearch={list.search}
        {...(onAsk ? { onAdd: onAsk, addText: t('ask.open'), addCode: INQUIRY_CODES.ask } : {})}
      />
      <PagedTable<Inquiry>
        list={list}
        rowKey={(r) => `${r.tenantId}-${r.inquiryId}`}
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{
          title: t(`empty.${scope}`),
          ...(onAsk ? { onAdd: onAsk, addText: t('ask.open'), addCode: INQUIRY_CODES.ask } : {}),
        }}
      />
    </>
  );
}

/** /web/agriculture/expert-inquiry: farmers ask and follow their inquiries; experts answer from a queue. */
export function InquiryPage() {
  const { t } = useTranslation('inquiry');
  const { tenantId } = useShell();
  const [params, setParams] = useSearchParams();
  const canAsk = usePermissions([INQUIRY_CODES.ask]).allowed;
  const isExpert = usePermissions([INQUIRY_CODES.answer]).allowed;
  const inPool = isExpert && tenantId === PLATFORM_TENANT_ID;
  const prefill = useMemo(() => askPrefill(params, tenantId), [params, tenantId]);
  const [asking, setAsking] = useState(false);
  const [tab, setTab] = useState<Scope | null>(null);
  const [open, setOpen] = useState<InquiryRef | null>(null);

  // A notification's link: ?id= (this tenant) or ?pool=1&askTenantId=&id= (the pool).
  useEffect(() => {
    const id = Number(params.get('id'));
    if (!Number.isSafeInteger(id) || id <= 0) return;
    const ask = Number(params.get('askTenantId'));
    setOpen({ id, askTenantId: params.get('pool') === '1' && ask > 0 ? ask : undefined });
  }, [params]);
  useEffect(() => {
    if (prefill && canAsk) setAsking(true);
  }, [prefill, canAsk]);

  const closeThread = () => {
    setOpen(null);
    if (params.has('id')) setParams({}, { replace: true });
  };
  const closeAsk = () => {
    setAsking(false);
    if (params.has('ask')) setParams({}, { replace: true });
  };

  const scopes: Scope[] = [
    ...(canAsk ? (['mine'] as const) : []),
    ...(isExpert ? (['queue', 'answered', 'all'] as const) : []),
    ...(inPool ? (['pool'] as const) : []),
  ];
  const active = tab && scopes.includes(tab) ? tab : scopes[0];
  return (
    <section className="tl-card tl-inquiry">
      {isExpert && active && active !== 'mine' ? <Dashboard pool={active === 'pool'} /> : null}
      {scopes.length === 0 ? null : (
        <Tabs
          activeKey={active}
          onChange={(k) => setTab(k as Scope)}
          items={scopes.map((s) => ({
            key: s,
            label: t(`tab.${s}`),
            children: (
              <InquiryList
                scope={s}
                onOpen={setOpen}
                {...(s === 'mine' && canAsk ? { onAsk: () => setAsking(true) } : {})}
              />
            ),
          }))}
          tabBarExtraContent={
            canAsk && active !== 'mine' ? (
              <Button type="primary" onClick={() => setAsking(true)}>
                {t('ask.open')}
              </Button>
            ) : null
          }
        />
      )}
      <InquiryAskModal open={asking} prefill={prefill} onClose={closeAsk} onAsked={(id) => setOpen({ id })} />
      <InquiryThreadDrawer target={open} onClose={closeThread} isExpert={isExpert} />
    </section>
  );
}

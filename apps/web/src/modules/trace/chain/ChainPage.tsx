import { useQuery } from '@tanstack/react-query';
import { ANCHOR_STATUSES } from '@tilth/contracts/trace-chain.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatNumber } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import {
  algorithmName,
  blockPath,
  CHAIN_CODES,
  type ChainBlock,
  chainApi,
  chainKeys,
  txPath,
} from './chain.api';
import { AnchorTag, HashText, HonestBanner, verificationText } from './chainParts';
import { useChainVerify } from './useChainVerify';

/** The ledger browser (/web/trace/block-chain): summary, verify now, search and the block list. */
export function ChainPage() {
  const { t, i18n } = useTranslation(['traceChain', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const message = useMessage();
  const canAnchor = usePermissions([CHAIN_CODES.anchor]).allowed;
  const summary = useQuery({
    queryKey: chainKeys.summary(tenantId),
    queryFn: () => chainApi.summary(tenantId),
  });
  const key = useMemo(() => chainKeys.blocks(tenantId), [tenantId]);
  const list = usePagedList<ChainBlock>(key, (q) => chainApi.blocks(tenantId, q), { pageSize: 20 });
  const verify = useChainVerify(tenantId);
  const [searchText, setSearchText] = useState('');
  const [notFound, setNotFound] = useState<string | null>(null);
  const { stop } = verify;
  useEffect(() => stop, [stop]);

  const s = summary.data;
  const shownRun = verify.run ?? s?.lastVerification ?? null;
  const n = (v: number) => formatNumber(v, lang, 0);

  const search = async (q: string) => {
    const text = q.trim();
    setNotFound(null);
    if (!text) return;
    const found = await chainApi.search(tenantId, text).catch(() => null);
    if (found?.kind === 'block' && found.height !== null) navigate(blockPath(found.height));
    else if (found?.kind === 'tx' && found.txHash) navigate(txPath(found.txHash));
    else setNotFound(text);
  };

  const retry = async (height?: number) => {
    try {
      const r =
        height === undefined
          ? await chainApi.retryAll(tenantId)
          : await chainApi.retryAnchor(tenantId, height);
      message.success(t('anchor.retried', { count: r.retried }));
    } catch {
      // Shown by the API client.
    }
    await Promise.all([list.refresh(), summary.refetch()]);
  };

  const fields: FilterField[] = [
    {
      name: 'anchorStatus',
      label: t('field.anchor'),
      type: 'select',
      options: ANCHOR_STATUSES.map((v) => ({ value: v, label: t(`anchorStatus.${v}`) })),
    },
  ];

  const columns: ColumnsType<ChainBlock> = [
    {
      title: t('field.height'),
      dataIndex: 'height',
      width: 100,
      render: (h: number) => <Link to={blockPath(h)}>{n(h)}</Link>,
    },
    { title: t('field.blockHash'), dataIndex: 'blockHash', render: (v: string) => <HashText hash={v} /> },
    {
      title: t('field.txCount'),
      dataIndex: 'txCount',
      width: 110,
      align: 'right',
      render: (v: number) => n(v),
    },
    {
      title: t('field.algorithm'),
      dataIndex: 'algorithm',
      width: 100,
      render: (v: string) => algorithmName(v),
    },
    {
      title: t('field.sealedAt'),
      dataIndex: 'sealedAt',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('field.anchor'),
      dataIndex: 'anchor',
      width: 220,
      render: (_: unknown, b) => (
        <AnchorTag anchor={b.anchor} onRetry={canAnchor ? () => void retry(b.height) : undefined} />
      ),
    },
  ];

  const runPercent =
    shownRun && shownRun.toHeight > 0
      ? Math.min(
          100,
          Math.round(
            ((shownRun.nextHeight - shownRun.fromHeight) / (shownRun.toHeight - shownRun.fromHeight + 1)) *
              100,
          ),
        )
      : 100;

  return (
    <section className="tl-card" style={{ display: 'grid', gap: 16 }}>
      <HonestBanner provider={s?.anchorProvider ?? 'none'} />
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6} xl={4}>
          <Card size="small" loading={summary.isLoading}>
            <Statistic title={t('card.height')} value={s ? n(s.height) : '—'} />
          </Card>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Card size="small" loading={summary.isLoading}>
            <Statistic title={t('card.transactions')} value={s ? n(s.transactions) : '—'} />
          </Card>
        </Col>
        <Col xs={12} md={6} xl={5}>
          <Card size="small" loading={summary.isLoading}>
            <Statistic
              title={t('card.lastBlock')}
              value={s?.lastSealedAt ? formatDateTime(s.lastSealedAt) : '—'}
            />
          </Card>
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Card size="small" loading={summary.isLoading}>
            <Statistic title={t('card.algorithm')} value={s ? algorithmName(s.algorithm) : '—'} />
          </Card>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Card size="small" loading={summary.isLoading}>
            <Statistic
              title={t('card.anchor')}
              value={s ? t(`anchor.${s.anchorProvider}`, { defaultValue: s.anchorProvider }) : '—'}
            />
            {s && s.anchorProvider !== 'none' ? (
              <Space>
                <Typography.Text type="secondary">
                  {t('card.anchorCounts', {
                    anchored: n(s.anchors.anchored),
                    pending: n(s.anchors.pending + s.anchors.anchoring),
                    failed: n(s.anchors.failed),
                  })}
                </Typography.Text>
                {s.anchors.failed > 0 && canAnchor ? (
                  <Button size="small" onClick={() => void retry()}>
                    {t('anchor.retryAll')}
                  </Button>
                ) : null}
              </Space>
            ) : null}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('card.lastVerification')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <PermissionGuard codes={[CHAIN_CODES.verify]}>
              <Button type="primary" loading={verify.busy} onClick={() => void verify.start()}>
                {t('verify.button')}
              </Button>
            </PermissionGuard>
            {shownRun && shownRun.status !== 'running' ? (
              <Typography.Text type="secondary">
                {t('verify.at', {
                  time: formatDateTime(shownRun.finishedAt ?? shownRun.startedAt),
                  ms: n(shownRun.durationMs),
                })}
              </Typography.Text>
            ) : null}
          </Space>
          {verify.busy && shownRun ? <Progress percent={runPercent} status="active" /> : null}
          {shownRun ? (
            <Alert
              type={shownRun.status === 'valid' ? 'success' : shownRun.status === 'broken' ? 'error' : 'info'}
              showIcon
              message={verificationText(shownRun, t)}
              description={
                shownRun.status === 'broken' && shownRun.brokenHeight !== null ? (
                  <Space direction="vertical" size={2}>
                    {shownRun.expected || shownRun.actual ? (
                      <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                        {t('verify.detail', {
                          expected: shownRun.expected ?? '—',
                          actual: shownRun.actual ?? '—',
                        })}
                      </Typography.Text>
                    ) : null}
                    <Link to={blockPath(shownRun.brokenHeight)}>
                      {t('field.block')} {n(shownRun.brokenHeight)}
                    </Link>
                  </Space>
                ) : undefined
              }
            />
          ) : (
            <Typography.Text type="secondary">{t('card.never')}</Typography.Text>
          )}
        </Space>
      </Card>
      <Input.Search
        allowClear
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        placeholder={t('search.placeholder')}
        enterButton={t('common:action.search')}
        onSearch={(v) => void search(v)}
        maxLength={64}
        aria-label={t('search.placeholder')}
      />
      {notFound ? <Alert type="warning" showIcon message={t('search.none', { q: notFound })} /> : null}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('blocks.title')}
      </Typography.Title>
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<ChainBlock>
        list={list}
        rowKey="height"
        columns={columns}
        scroll={{ x: 1000 }}
        empty={{ title: t('blocks.empty') }}
      />
    </section>
  );
}

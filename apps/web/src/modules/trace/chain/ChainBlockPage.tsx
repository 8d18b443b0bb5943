import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { DataTable } from '../../../shared/DataTable';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { formatNumber } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { algorithmName, blockPath, type ChainBlockDetail, chainApi, chainKeys, txPath } from './chain.api';
import { AnchorTag, HashText } from './chainParts';

type Tx = ChainBlockDetail['transactions'][number];

/** One block (/web/trace/block-chain-report/block/:height): its header, anchor and transactions. */
export function ChainBlockPage() {
  const { t, i18n } = useTranslation(['traceChain', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const raw = useParams().height ?? '';
  const height = Number(raw);
  const valid = Number.isSafeInteger(height) && height >= 1;
  const q = useQuery({
    queryKey: chainKeys.block(tenantId, height),
    queryFn: () => chainApi.block(tenantId, height),
    enabled: valid,
    retry: false,
  });
  if (!valid || (q.error instanceof ApiError && q.error.status === 404))
    return <EmptyState variant="notFound" title={t('block.notFound', { height: raw })} />;
  const b = q.data;
  const n = (v: number) => formatNumber(v, lang, 0);

  const columns: ColumnsType<Tx> = [
    { title: t('field.txIndex'), dataIndex: 'txIndex', width: 80 },
    {
      title: t('field.txHash'),
      dataIndex: 'txHash',
      render: (v: string) => <HashText hash={v} to={txPath(v)} />,
    },
    {
      title: t('field.kind'),
      dataIndex: 'kind',
      width: 180,
      render: (v: string) => t(`kind.${v}`, { defaultValue: v }),
    },
    {
      title: t('field.meta'),
      dataIndex: 'meta',
      render: (m: Tx['meta']) =>
        Object.entries(m)
          .map(([k, v]) => `${k}: ${v}`)
          .join(' · '),
    },
    {
      title: t('field.pathLength'),
      dataIndex: 'pathLength',
      width: 120,
      render: (v: number) => t('field.pathSteps', { count: v }),
    },
  ];

  return (
    <section className="tl-card" style={{ display: 'grid', gap: 16 }}>
      <Space wrap>
        <Button disabled={!b || height <= 1} onClick={() => navigate(blockPath(height - 1))}>
          {t('block.prev')}
        </Button>
        <Button disabled={!b?.nextHeight} onClick={() => b?.nextHeight && navigate(blockPath(b.nextHeight))}>
          {t('block.next')}
        </Button>
      </Space>
      <Descriptions bordered size="small" column={1} title={`${t('field.block')} ${n(height)}`}>
        <Descriptions.Item label={t('field.blockHash')}>
          {b ? <HashText hash={b.blockHash} full /> : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.prevHash')}>
          {b ? (
            height === 1 ? (
              <Typography.Text type="secondary">{t('block.genesis')}</Typography.Text>
            ) : (
              <Space direction="vertical" size={0}>
                <HashText hash={b.prevHash} full />
                <Link to={blockPath(height - 1)}>{t('block.prev')}</Link>
              </Space>
            )
          ) : (
            '…'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.merkleRoot')}>
          {b ? <HashText hash={b.merkleRoot} full /> : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.txCount')}>{b ? n(b.txCount) : '…'}</Descriptions.Item>
        <Descriptions.Item label={t('field.algorithm')}>
          {b ? algorithmName(b.algorithm) : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.sealedAt')}>
          {b ? formatDateTime(b.sealedAt) : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.anchor')}>
          {b ? (
            <Space wrap>
              <AnchorTag anchor={b.anchor} />
              {b.anchor?.externalRef ? <HashText hash={b.anchor.externalRef} full /> : null}
              {b.anchor?.status === 'failed' && b.anchor.error ? (
                <Typography.Text type="danger">{b.anchor.error}</Typography.Text>
              ) : null}
            </Space>
          ) : (
            '…'
          )}
        </Descriptions.Item>
      </Descriptions>
      <DataTable<Tx>
        rowKey="txHash"
        columns={columns}
        dataSource={b?.transactions ?? []}
        loading={q.isFetching}
      />
    </section>
  );
}

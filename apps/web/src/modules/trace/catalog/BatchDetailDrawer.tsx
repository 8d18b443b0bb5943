import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { catalogApi, catalogKeys, type TraceBatchDetail } from '../api/catalog.api';
import { displayGtin, STATUS_COLOR } from './catalogModel';

type Source = TraceBatchDetail['sources'][number];
type Inspection = TraceBatchDetail['inspections'][number];
type Version = TraceBatchDetail['versions'][number];

/** A trace batch's details: its harvests, inspections and the versions published to the ledger. */
export function BatchDetailDrawer({ batchId, onClose }: { batchId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['traceCatalog', 'common']);
  const { tenantId } = useShell();
  const detail = useQuery({
    queryKey: catalogKeys.batch(tenantId, batchId ?? 0),
    queryFn: () => catalogApi.batch(tenantId, batchId ?? 0),
    enabled: batchId !== null,
  });
  const b = detail.data;
  const number = (v: string | null) =>
    v === null ? NO_DATA : new Intl.NumberFormat(i18n.language).format(Number(v));

  const sourceColumns: ColumnsType<Source> = [
    { title: t('traceCatalog:harvest.code'), dataIndex: 'batchCode' },
    {
      title: t('traceCatalog:harvest.crop'),
      key: 'crop',
      render: (_, s) => [s.cropName, s.varietyName].filter(Boolean).join(' ') || NO_DATA,
    },
    {
      title: t('traceCatalog:harvest.plot'),
      key: 'plot',
      render: (_, s) => [s.areaName, s.landName].filter(Boolean).join(' / ') || NO_DATA,
    },
    {
      title: t('traceCatalog:harvest.date'),
      dataIndex: 'harvestDate',
      render: (d: string | null) => d ?? NO_DATA,
    },
    {
      title: t('traceCatalog:harvest.quantity'),
      key: 'hq',
      render: (_, s) => `${number(s.harvestQuantity)} ${s.unit ?? ''}`,
    },
    {
      title: t('traceCatalog:harvest.used'),
      key: 'q',
      render: (_, s) =>
        s.quantity === null ? t('traceCatalog:harvest.all') : `${number(s.quantity)} ${s.unit ?? ''}`,
    },
  ];
  const inspectionColumns: ColumnsType<Inspection> = [
    { title: t('traceCatalog:inspection.name'), dataIndex: 'name' },
    {
      title: t('traceCatalog:inspection.agency'),
      dataIndex: 'agency',
      render: (v: string | null) => v ?? NO_DATA,
    },
    { title: t('traceCatalog:inspection.date'), dataIndex: 'date' },
    {
      title: t('traceCatalog:inspection.result'),
      dataIndex: 'result',
      render: (r: string) => (
        <Tag color={r === 'pass' ? 'success' : 'error'}>{t(`traceCatalog:result.${r}`)}</Tag>
      ),
    },
    {
      title: t('traceCatalog:inspection.items'),
      dataIndex: 'items',
      ellipsis: true,
      render: (v: string | null) => v ?? NO_DATA,
    },
  ];
  const versionColumns: ColumnsType<Version> = [
    { title: t('traceCatalog:version.version'), dataIndex: 'version', width: 70 },
    {
      title: t('traceCatalog:version.time'),
      dataIndex: 'publishedAt',
      render: (d: string) => formatDateTime(d),
    },
    {
      title: t('traceCatalog:version.by'),
      dataIndex: 'publishedByName',
      render: (v: string | null) => v ?? NO_DATA,
    },
    {
      title: t('traceCatalog:version.txHash'),
      dataIndex: 'txHash',
      render: (h: string | null) =>
        h ? (
          <Typography.Text copyable={{ text: h }} code>
            {`${h.slice(0, 10)}…${h.slice(-6)}`}
          </Typography.Text>
        ) : (
          <Tag color="warning">{t('traceCatalog:version.notOnChain')}</Tag>
        ),
    },
  ];

  return (
    <Drawer
      open={batchId !== null}
      width={820}
      title={b ? `${b.productName} · ${b.batchCode}` : ''}
      onClose={onClose}
      loading={detail.isLoading}
    >
      {b ? (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('traceCatalog:batch.status')}>
              <Tag color={STATUS_COLOR[b.status]}>{t(`traceCatalog:status.${b.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('traceCatalog:batch.version')}>
              {b.version || NO_DATA}
            </Descriptions.Item>
            <Descriptions.Item label={t('traceCatalog:product.gtin')}>
              {displayGtin(b.gtin) ?? NO_DATA}
            </Descriptions.Item>
            <Descriptions.Item label={t('traceCatalog:field.placeOfOrigin')}>
              {b.effectivePlaceOfOrigin}
            </Descriptions.Item>
            <Descriptions.Item label={t('traceCatalog:batch.productionDate')}>
              {b.productionDate}
            </Descriptions.Item>
            <Descriptions.Item label={t('traceCatalog:batch.expiryDate')}>
              {b.expiryDate ?? NO_DATA}
            </Descriptions.Item>
            <Descriptions.Item
              label={t('traceCatalog:batch.weight', { unit: t(`traceCatalog:unit.${b.weightUnit}`) })}
            >
              {number(b.weight)}
            </Descriptions.Item>
            <Descriptions.Item label={t('traceCatalog:field.specification')}>
              {b.specification ?? NO_DATA}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('traceCatalog:batch.sources')}
          </Typography.Title>
          <Table<Source>
            size="small"
            rowKey="farmBatchId"
            pagination={false}
            columns={sourceColumns}
            dataSource={b.sources}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('traceCatalog:batch.inspections')}
          </Typography.Title>
          <Table<Inspection>
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            columns={inspectionColumns}
            dataSource={b.inspections}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('traceCatalog:batch.versions')}
          </Typography.Title>
          <Table<Version>
            size="small"
            rowKey="version"
            pagination={false}
            columns={versionColumns}
            dataSource={b.versions}
            locale={{ emptyText: t('traceCatalog:version.none') }}
          />
        </>
      ) : null}
    </Drawer>
  );
}

import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INSECT_DEVICE_TYPES } from '@tilth/contracts/insect.types';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { DatePicker } from '../../../shared/form/DatePicker';
import { formatDateTime, nowInZone } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { deviceApi, deviceKeys } from '../device/api/device.api';
import { type InsectRecord, insectApi, insectKeys } from './insect.api';
import { insectLabel } from './insectFormat';
import { LazyInsectChart } from './LazyInsectChart';
import { StatisticsFormModal } from './StatisticsFormModal';
import './insect.css';

const STATS = {
  create: 'wfpf.farm.equipment.pest.ps.addPest',
  edit: 'wfpf.farm.equipment.pest.ps.editPest',
  delete: 'wfpf.farm.equipment.pest.ps.delPest',
};
const PAGE_SIZE = 10;

/**
 * Pest statistics (spec 02 §7): counts today / week / month, the share of each insect, one insect's daily
 * trend over all traps, the records (photos and manual entries) with manual add / edit / delete, and export.
 */
export function PestStatisticsPanel({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation(['insect', 'common']);
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [nowInZone().subtract(1, 'month'), nowInZone()]);
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const [typeId, setTypeId] = useState<number | undefined>();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<InsectRecord | null | 'new'>(null);
  const [exporting, setExporting] = useState(false);
  const q = useMemo(
    () => ({
      deviceId,
      startTime: `${range[0].format('YYYY-MM-DD')} 00:00:00`,
      endTime: `${range[1].format('YYYY-MM-DD')} 23:59:59`,
    }),
    [deviceId, range],
  );
  const unidentified = t('insect:unidentified');
  const devices = useQuery({
    queryKey: deviceKeys.options(tenantId, undefined, undefined),
    queryFn: () => deviceApi.options(tenantId, {}),
  });
  const traps = (devices.data ?? []).filter((d) =>
    (INSECT_DEVICE_TYPES as readonly string[]).includes(d.deviceType),
  );
  const types = useQuery({ queryKey: insectKeys.types(tenantId), queryFn: () => insectApi.types(tenantId) });
  const selectedType = typeId ?? types.data?.[0]?.id;
  const counts = useQuery({
    queryKey: insectKeys.stats(tenantId, 'count', { deviceId }),
    queryFn: () => insectApi.counts(tenantId, { deviceId }),
  });
  const pie = useQuery({
    queryKey: insectKeys.stats(tenantId, 'pie', q),
    queryFn: () => insectApi.pie(tenantId, q),
    placeholderData: keepPreviousData,
  });
  const trend = useQuery({
    queryKey: insectKeys.stats(tenantId, 'trend', { ...q, selectedType }),
    queryFn: () => insectApi.typeTrend(tenantId, selectedType ?? 0, q),
    enabled: selectedType !== undefined,
    placeholderData: keepPreviousData,
  });
  const records = useQuery({
    queryKey: insectKeys.stats(tenantId, 'records', { ...q, page }),
    queryFn: () => insectApi.statisticsPage(tenantId, { ...q, page, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<InsectRecord> = [
    {
      title: t('insect:field.time'),
      dataIndex: 'takenAt',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    { title: t('insect:field.device'), dataIndex: 'deviceName', render: (v: string | null) => v ?? '—' },
    {
      title: t('insect:field.source'),
      dataIndex: 'source',
      render: (v: string) => <Tag>{t(`insect:source.${v}`, { defaultValue: v })}</Tag>,
    },
    {
      title: t('insect:field.counts'),
      dataIndex: 'counts',
      render: (cs: InsectRecord['counts']) =>
        cs.map((c) => `${insectLabel(c.name, unidentified)} × ${c.count}`).join('，') || '—',
    },
    { title: t('insect:field.total'), dataIndex: 'total', align: 'right' },
    {
      title: t('common:action.operation'),
      key: 'op',
      render: (_, r) => (
        <>
          {r.source === 'manual' ? (
            <PermissionGuard codes={[STATS.edit]}>
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                {t('common:action.edit')}
              </Button>
            </PermissionGuard>
          ) : null}
          <PermissionGuard codes={[STATS.delete]}>
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmDelete(
                  formatDateTime(r.takenAt, 'YYYY-MM-DD HH:mm'),
                  () => insectApi.remove(tenantId, r.id),
                  () => records.refetch(),
                )
              }
            >
              {t('common:action.delete')}
            </Button>
          </PermissionGuard>
        </>
      ),
    },
  ];

  return (
    <div>
      <div className="tl-insect-toolbar">
        <DatePicker.RangePicker
          allowClear={false}
          value={range}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            setPage(0);
          }}
          disabledDate={(d) => d.isAfter(nowInZone(), 'day')}
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('insect:field.allDevices')}
          value={deviceId}
          onChange={(v?: number) => {
            setDeviceId(v);
            setPage(0);
          }}
          options={traps.map((d) => ({ value: d.id, label: d.name }))}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await insectApi.exportXlsx(tenantId, q);
            } catch (err) {
              message.error(err instanceof Error && err.message ? err.message : t('insect:exportFailed'));
            } finally {
              setExporting(false);
            }
          }}
        >
          {exporting ? t('insect:exporting') : t('insect:export')}
        </Button>
        <PermissionGuard codes={[STATS.create]}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('insect:stats.add')}
          </Button>
        </PermissionGuard>
      </div>
      <div className="tl-insect-figures">
        {(['today', 'week', 'month'] as const).map((k) => (
          <div key={k} className="tl-insect-figure">
            <div className="tl-insect-figure__value">{counts.data?.[k] ?? '—'}</div>
            <div className="tl-insect-figure__label">{t(`insect:count.${k}`)}</div>
          </div>
        ))}
      </div>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <h4>{t('insect:stats.share')}</h4>
          {(pie.data ?? []).length === 0 ? (
            <EmptyState variant="noData" size="small" title={t('insect:empty')} />
          ) : (
            <LazyInsectChart
              kind="pie"
              slices={(pie.data ?? []).map((s) => ({
                name: insectLabel(s.name, unidentified),
                value: s.value,
              }))}
            />
          )}
        </Col>
        <Col xs={24} lg={14}>
          <div className="tl-insect-toolbar">
            <h4 style={{ margin: 0 }}>{t('insect:stats.trend')}</h4>
            <Select
              style={{ width: 200 }}
              value={selectedType}
              onChange={setTypeId}
              options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
              notFoundContent={t('insect:empty')}
            />
          </div>
          {trend.data ? (
            <LazyInsectChart
              kind="line"
              days={trend.data.points.map((p) => p.creationDate)}
              series={[{ name: trend.data.name, data: trend.data.points.map((p) => p.insectQuantity) }]}
            />
          ) : (
            <EmptyState variant="noData" size="small" title={t('insect:empty')} />
          )}
        </Col>
      </Row>
      <Table<InsectRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={records.data?.content ?? []}
        loading={records.isFetching}
        locale={{ emptyText: t('insect:empty') }}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: records.data?.totalElements ?? 0,
          showSizeChanger: false,
          onChange: (p) => setPage(p - 1),
        }}
      />
      <StatisticsFormModal
        tenantId={tenantId}
        open={editing !== null}
        record={editing === 'new' ? null : editing}
        devices={traps}
        insectNames={(types.data ?? []).map((x) => x.name)}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

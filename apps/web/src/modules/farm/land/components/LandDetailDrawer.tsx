import { useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../shared/DataTable';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { formatNumber } from '../../../../shared/format/number';
import { formatDate, formatDateTime } from '../../../../shared/format/time';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { TimelapseButton } from '../../../equipment/camera/timelapse/TimelapseModal';
import { areaText } from '../../map/components/popups';
import { type Land, type LandHistoryItem, landApi, landKeys } from '../api/land.api';
import { LAND_CODES } from '../landCodes';

const DATE = 'YYYY-MM-DD';
const STATUS_COLOR: Record<string, string> = { growing: 'green', harvested: 'gold', closed: 'default' };

/** A plot: its facts, the batch growing on it (with "free"), and what was grown when (land/history). */
export function LandDetailDrawer({
  land,
  onClose,
  onChanged,
}: {
  land: Land | null;
  onClose: () => void;
  onChanged: (land: Land) => void;
}) {
  const { t, i18n } = useTranslation(['farmLand', 'farmMap', 'common']);
  const { tenantId } = useShell();
  const { modal } = App.useApp();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [freeing, setFreeing] = useState(false);
  const lang = i18n.language;
  const history = useQuery({
    queryKey: landKeys.history(tenantId, land?.landId ?? 0),
    queryFn: () => landApi.history(tenantId, land?.landId ?? 0),
    enabled: land !== null,
  });

  const free = () => {
    if (!land?.currentBatch) return;
    modal.confirm({
      title: t('farmLand:free.title'),
      content: t('farmLand:free.content', { batch: land.currentBatch.batchName }),
      width: 330,
      okText: t('common:action.confirm'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        setFreeing(true);
        try {
          const freed = await landApi.free(tenantId, land.landId);
          message.success(t('farmLand:free.done'));
          onChanged(freed);
          await queryClient.invalidateQueries({ queryKey: landKeys.all(tenantId) });
        } catch {
          // Shown by the API client.
        } finally {
          setFreeing(false);
        }
      },
    });
  };

  const columns: ColumnsType<LandHistoryItem> = [
    {
      title: t('farmLand:history.batch'),
      dataIndex: 'batchName',
      render: (v: string, r) => `${v} (${r.batchCode})`,
    },
    {
      title: t('farmLand:history.crop'),
      key: 'crop',
      render: (_: unknown, r) => [r.cropName, r.varietyName].filter(Boolean).join(' / ') || '—',
    },
    {
      title: t('farmLand:history.start'),
      dataIndex: 'startDate',
      render: (v: string) => formatDateTime(v, DATE),
    },
    {
      title: t('farmLand:history.end'),
      dataIndex: 'endDate',
      render: (v: string | null) => (v ? formatDateTime(v, DATE) : '—'),
    },
    {
      title: t('farmLand:history.harvest'),
      key: 'harvest',
      render: (_: unknown, r) =>
        r.harvestQuantity === null
          ? '—'
          : `${formatNumber(r.harvestQuantity, lang, 2)} ${r.unit ?? ''}`.trim(),
    },
    {
      title: t('farmLand:history.status'),
      dataIndex: 'status',
      render: (v: string) => (
        <Tag color={STATUS_COLOR[v] ?? 'default'}>{t(`farmLand:status.${v}`, { defaultValue: v })}</Tag>
      ),
    },
  ];

  const batch = land?.currentBatch;
  return (
    <Drawer
      open={land !== null}
      width={760}
      title={land?.landName}
      onClose={onClose}
      destroyOnHidden
      extra={land ? <TimelapseButton scope={{ landId: land.landId }} name={land.landName} /> : null}
    >
      {land ? (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('farmLand:field.code')}>{land.landNum ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.base')}>{land.areaName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.usage')}>
              {t(`farmMap:usage.${land.landUsage === 'nurture' ? 'nurture' : 'plant'}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.enabled')}>
              {land.enabledFlag === 1 ? t('farmLand:enabled.yes') : t('farmLand:enabled.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.area')} span={2}>
              {areaText(t, lang, land.areaMu, land.areaM2)}
            </Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.center')}>{land.landCenter ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.soilType')}>{land.soilType ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.description')} span={2}>
              {land.description ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.created')} span={2}>
              {formatDateTime(land.creationDate, 'YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
          </Descriptions>
          <h4 className="tl-land-detail__h">{t('farmLand:detail.current')}</h4>
          {batch ? (
            <div className="tl-land-detail__batch">
              <span>
                <Tag color="green">{t('farmLand:status.growing')}</Tag>
                {batch.batchName} ({batch.batchCode}) ·{' '}
                {[batch.cropName, batch.varietyName].filter(Boolean).join(' / ')} ·{' '}
                {t('farmLand:detail.since', { date: formatDate(batch.startDate) })}
              </span>
              <PermissionGuard codes={[LAND_CODES.edit]}>
                <Button size="small" loading={freeing} onClick={free}>
                  {t('farmLand:free.action')}
                </Button>
              </PermissionGuard>
            </div>
          ) : (
            <p className="tl-land-detail__none">{t('farmLand:detail.noBatch')}</p>
          )}
          <h4 className="tl-land-detail__h">{t('farmLand:detail.history')}</h4>
          <DataTable<LandHistoryItem>
            rowKey="batchId"
            size="small"
            loading={history.isFetching}
            columns={columns}
            dataSource={history.data ?? []}
          />
        </>
      ) : null}
    </Drawer>
  );
}

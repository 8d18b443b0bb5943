import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { imageVariant } from '../../../shared/file/fileImage';
import { DatePicker } from '../../../shared/form/DatePicker';
import { formatDateTime, nowInZone } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { type InsectRecord, insectApi, insectKeys } from './insect.api';
import { insectLabel } from './insectFormat';
import { PhotoWithBoxes } from './PhotoWithBoxes';
import './insect.css';

const PAGE_SIZE = 12;
const TIME = 'YYYY-MM-DD HH:mm';

/** The code that lets the user correct a record of this device type (manual entries: the pest code). */
export const editCodeOf = (deviceType: string | null): string =>
  (deviceType && deviceTypeByKey(deviceType)?.permissions.edit) || 'wfpf.farm.equipment.pest.ps.editPest';

export interface PestPhotosPanelProps {
  /** The trap; without one, photos of every trap the user may see (pest drawing page). */
  device?: { id: number; name?: string; deviceType?: string };
}

/** Seconds after a photograph command when the list looks for the new photo (capture, upload, count). */
const PHOTO_REFRESH_S = [4, 12, 30];

/** Trap photos with their counts: open one, correct it by drawing, or identify it again. */
export function PestPhotosPanel({ device }: PestPhotosPanelProps) {
  const { t } = useTranslation(['insect', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [open, setOpen] = useState<InsectRecord | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const query = {
    deviceId: device?.id,
    source: undefined,
    page,
    size: PAGE_SIZE,
    startTime: range ? `${range[0].format('YYYY-MM-DD')} 00:00:00` : undefined,
    endTime: range ? `${range[1].format('YYYY-MM-DD')} 23:59:59` : undefined,
  };
  const records = useQuery({
    queryKey: [...insectKeys.records(tenantId, device?.id), query],
    queryFn: () => insectApi.records(tenantId, query),
    placeholderData: keepPreviousData,
  });
  const unidentified = t('insect:unidentified');
  const type = device?.deviceType ? deviceTypeByKey(device.deviceType) : undefined;
  const canShoot = type?.commands.some((c) => c.action === 'capture') ?? false;
  const [shooting, setShooting] = useState(false);

  const photograph = async () => {
    if (!device) return;
    setShooting(true);
    try {
      await insectApi.photograph(tenantId, device.id);
      message.success(t('insect:photo.shootSent'));
      for (const sec of PHOTO_REFRESH_S) {
        setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: insectKeys.all(tenantId) }),
          sec * 1000,
        );
      }
    } catch {
      // The client has shown the server's message (e.g. the lamp is offline).
    } finally {
      setShooting(false);
    }
  };
  const rows = (records.data?.content ?? []).filter((r) => r.fileUrl);

  const reidentify = async (r: InsectRecord) => {
    setBusy(r.id);
    try {
      const next = await insectApi.reidentify(tenantId, r.id);
      message.success(t('insect:photo.reidentified', { count: next.total }));
      if (open?.id === r.id) setOpen(next);
      await queryClient.invalidateQueries({ queryKey: insectKeys.all(tenantId) });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <div className="tl-insect-toolbar">
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
            setPage(0);
          }}
          disabledDate={(d) => d.isAfter(nowInZone(), 'day')}
        />
        {canShoot && type ? (
          <PermissionGuard codes={[type.permissions.control]}>
            <Button loading={shooting} onClick={() => void photograph()}>
              {t('insect:photo.shoot')}
            </Button>
          </PermissionGuard>
        ) : null}
      </div>
      <Spin spinning={records.isFetching}>
        {rows.length === 0 ? (
          <EmptyState variant="noData" size="small" title={t('insect:empty')} />
        ) : (
          <div className="tl-insect-grid">
            {rows.map((r) => (
              <Card
                key={r.id}
                size="small"
                hoverable
                onClick={() => setOpen(r)}
                cover={
                  <PhotoWithBoxes
                    record={r}
                    url={r.fileUrl ? imageVariant(r.fileUrl, 400, 300, false) : null}
                    alt={t('insect:photo.alt', { time: formatDateTime(r.takenAt, TIME) })}
                  />
                }
              >
                <div className="tl-insect-card__meta">
                  <div>{formatDateTime(r.takenAt, TIME)}</div>
                  <div>
                    {device ? null : `${r.deviceName ?? ''} · `}
                    {t('insect:photo.total', { count: r.total })}
                    {r.source === 'drawn' ? (
                      <Tag style={{ marginLeft: 6 }}>{t('insect:source.drawn')}</Tag>
                    ) : null}
                  </div>
                </div>
              </Card>
            ))}
          </div>
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 12, textAlign: 'right' }}
        current={page + 1}
        pageSize={PAGE_SIZE}
        total={records.data?.totalElements ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={(p) => setPage(p - 1)}
      />
      <Modal
        open={open !== null}
        onCancel={() => setOpen(null)}
        width={960}
        title={open ? `${open.deviceName ?? ''} ${formatDateTime(open.takenAt, TIME)}` : ''}
        footer={
          open ? (
            <PermissionGuard codes={[editCodeOf(open.deviceType)]}>
              <Space>
                <Popconfirm title={t('insect:photo.reidentifyConfirm')} onConfirm={() => reidentify(open)}>
                  <Button loading={busy === open.id}>{t('insect:photo.reidentify')}</Button>
                </Popconfirm>
                <Button type="primary" onClick={() => navigate(`/web/equipment/pest/draw/${open.id}`)}>
                  {t('insect:photo.draw')}
                </Button>
              </Space>
            </PermissionGuard>
          ) : null
        }
      >
        {open ? (
          <>
            <PhotoWithBoxes
              record={open}
              url={open.fileUrl}
              alt={t('insect:photo.alt', { time: open.takenAt })}
            />
            <Space wrap style={{ marginTop: 12 }}>
              {open.counts.length === 0 ? <span>{t('insect:photo.none')}</span> : null}
              {open.counts.map((c) => (
                <Tag key={c.name} color={c.name === 'unidentified' ? 'default' : 'green'}>
                  {insectLabel(c.name, unidentified)} × {c.count}
                </Tag>
              ))}
            </Space>
          </>
        ) : null}
      </Modal>
    </div>
  );
}

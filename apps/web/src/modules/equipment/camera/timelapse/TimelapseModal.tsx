import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TIMELAPSE_FPS_DEFAULT,
  TIMELAPSE_FPS_MAX,
  TIMELAPSE_FPS_MIN,
} from '@tilth/contracts/camera-timelapse.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shared/api/client';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { formatDate, formatDateTime, fromInstant, nowInZone, toDay } from '../../../../shared/format/time';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import '../camera.css';
import {
  fetchVideoUrl,
  isPending,
  type Timelapse,
  type TimelapseScope,
  timelapseApi,
  timelapseKeys,
  videoFileName,
} from './timelapse.api';

// Growth time-lapse (issue 16 item 4), one modal for the plot and the batch: pick the days and the speed,
// start, watch the progress (polled), then play and download; earlier time-lapses of the same plot / batch
// below. Without stills it says how to get them: timed captures of a camera on the plot.

const STATUS_COLOR: Record<Timelapse['status'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};
const POLL_MS = 1000;

/** The finished MP4: played in place (read with the session's token) and offered for download. */
export function TimelapsePlayer({ job }: { job: Timelapse }) {
  const { t } = useTranslation('camera');
  const url = job.videoUrl ?? '';
  const video = useQuery({
    queryKey: timelapseKeys.video(url),
    queryFn: () => fetchVideoUrl(url),
    enabled: url !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (video.isError) return <Alert type="error" showIcon title={t('timelapse.videoFailed')} />;
  if (!video.data) return <Spin />;
  return (
    <div className="camera-timelapse-player">
      {/* biome-ignore lint/a11y/useMediaCaption: a time-lapse of stills has no speech to caption */}
      <video
        src={video.data}
        controls
        autoPlay
        loop
        playsInline
        style={{ width: '100%', background: '#000' }}
      />
      <Space style={{ marginTop: 8 }}>
        <a href={video.data} download={videoFileName(job)}>
          <Button>{t('timelapse.download')}</Button>
        </a>
        <span>
          {t('timelapse.summary', {
            frames: t('timelapse.frames', { count: job.frames }),
            fps: job.fps,
            seconds: job.durationSec,
          })}
        </span>
      </Space>
    </div>
  );
}

/** The job being shown: its progress while it is made, the player once done, the reason if it failed. */
function CurrentJob({ job }: { job: Timelapse }) {
  const { t } = useTranslation('camera');
  if (job.status === 'done') return <TimelapsePlayer job={job} />;
  if (job.status === 'failed')
    return <Alert type="error" showIcon title={t('timelapse.failed')} description={job.error ?? undefined} />;
  return (
    <div className="camera-timelapse-progress">
      <div>{t(`timelapse.status.${job.status}`)}</div>
      <Progress percent={job.progress} status="active" />
    </div>
  );
}

export interface TimelapseViewProps {
  scope: TimelapseScope;
}

/** The modal's body (rendered alone in tests). */
export function TimelapseView({ scope }: TimelapseViewProps) {
  const { t } = useTranslation(['camera', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const queryClient = useQueryClient();
  const defaults = useQuery({
    queryKey: timelapseKeys.defaults(tenantId, scope),
    queryFn: () => timelapseApi.defaults(tenantId, scope),
  });
  const list = useQuery({
    queryKey: timelapseKeys.list(tenantId, scope),
    queryFn: () => timelapseApi.list(tenantId, scope),
  });
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [fps, setFps] = useState<number>(TIMELAPSE_FPS_DEFAULT);
  const [quality, setQuality] = useState<'sd' | 'hd'>('sd');
  const [selected, setSelected] = useState<number | null>(null);

  const d = defaults.data;
  useEffect(() => {
    if (d && !range) setRange([fromInstant(d.from), fromInstant(d.to)]);
  }, [d, range]);

  const jobs = list.data?.content ?? [];
  const listed = jobs.find((j) => j.id === selected) ?? (selected === null ? jobs[0] : undefined);
  const poll = useQuery({
    queryKey: timelapseKeys.one(tenantId, selected ?? listed?.id ?? 0),
    queryFn: () => timelapseApi.get(tenantId, selected ?? listed?.id ?? 0),
    enabled: (selected ?? listed?.id) !== undefined && (listed === undefined || isPending(listed)),
    refetchInterval: (q) => (isPending(q.state.data ?? listed) ? POLL_MS : false),
  });
  const current = poll.data && (!listed || poll.data.id === listed.id) ? poll.data : listed;

  // Once a job finishes, the list (state, video) is read again.
  const finished = current && !isPending(current) ? `${current.id}:${current.status}` : null;
  const { landId, batchId } = scope;
  useEffect(() => {
    if (finished)
      void queryClient.invalidateQueries({ queryKey: timelapseKeys.list(tenantId, { landId, batchId }) });
  }, [finished, queryClient, tenantId, landId, batchId]);

  const start = useMutation({
    mutationFn: () =>
      timelapseApi.create(tenantId, {
        landId: scope.landId,
        ...(scope.batchId ? { batchId: scope.batchId } : {}),
        ...(range ? { from: toDay(range[0]), to: toDay(range[1]) } : {}),
        fps,
        quality,
      }),
    onSuccess: (job) => {
      setSelected(job.id);
      queryClient.setQueryData(timelapseKeys.one(tenantId, job.id), job);
      void queryClient.invalidateQueries({ queryKey: timelapseKeys.list(tenantId, scope) });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const remove = useMutation({
    mutationFn: (job: Timelapse) => timelapseApi.remove(tenantId, job),
    onSuccess: (_r, job) => {
      if (selected === job.id) setSelected(null);
      void queryClient.invalidateQueries({ queryKey: timelapseKeys.list(tenantId, scope) });
    },
    onError: (err) => void message.error(errorText(err)),
  });

  if (defaults.isLoading || list.isLoading) return <Spin />;
  if (d && d.stills < 2 && jobs.length === 0) {
    return (
      <EmptyState
        title={t('camera:timelapse.empty.title')}
        description={t('camera:timelapse.empty.description', { stills: d.stills })}
        extra={
          <a href={d.cameraIds.length > 0 ? '/web/equipment/camera' : '/system/cameraManager'}>
            {t(
              d.cameraIds.length > 0 ? 'camera:timelapse.empty.toCamera' : 'camera:timelapse.empty.addCamera',
            )}
          </a>
        }
      />
    );
  }
  const busy = isPending(current) || start.isPending;
  return (
    <div className="camera-timelapse">
      <Space wrap align="center" style={{ marginBottom: 12 }}>
        <span>{t('camera:timelapse.range')}</span>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(day) => day.isAfter(nowInZone(), 'day')}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <span>{t('camera:timelapse.fps')}</span>
        <InputNumber
          min={TIMELAPSE_FPS_MIN}
          max={TIMELAPSE_FPS_MAX}
          precision={0}
          value={fps}
          onChange={(v) => setFps(v ?? TIMELAPSE_FPS_DEFAULT)}
        />
        <Select
          value={quality}
          onChange={setQuality}
          style={{ width: 120 }}
          options={[
            { value: 'sd', label: t('camera:timelapse.quality.sd') },
            { value: 'hd', label: t('camera:timelapse.quality.hd') },
          ]}
        />
        <Button type="primary" loading={start.isPending} disabled={busy} onClick={() => start.mutate()}>
          {t('camera:timelapse.start')}
        </Button>
      </Space>
      {d ? (
        <div className="camera-timelapse-hint">
          {t('camera:timelapse.stillsInSeason', { count: d.stills })}
        </div>
      ) : null}
      {current ? <CurrentJob job={current} /> : null}
      <h4 className="camera-timelapse-h">{t('camera:timelapse.earlier')}</h4>
      {jobs.length === 0 ? <p className="camera-timelapse-none">{t('camera:timelapse.none')}</p> : null}
      <ul className="camera-timelapse-list">
        {jobs.map((job) => (
          <li key={job.id} className={job.id === current?.id ? 'is-current' : undefined}>
            <Space wrap>
              <span>
                {formatDate(job.from)} – {formatDate(job.to)}
              </span>
              <Tag color={STATUS_COLOR[job.status]}>{t(`camera:timelapse.status.${job.status}`)}</Tag>
              <span>
                {t('camera:timelapse.summary', {
                  frames: t('camera:timelapse.frames', { count: job.frames }),
                  fps: job.fps,
                  seconds: job.durationSec,
                })}
              </span>
              <span className="camera-timelapse-made">{formatDateTime(job.createdAt)}</span>
            </Space>
            <span>
              <Button size="small" type="link" onClick={() => setSelected(job.id)}>
                {t('camera:timelapse.show')}
              </Button>
              <Button
                size="small"
                type="link"
                danger
                disabled={job.status === 'running'}
                onClick={() => remove.mutate(job)}
              >
                {t('common:action.delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface TimelapseModalProps extends TimelapseViewProps {
  open: boolean;
  /** The plot's or batch's name, in the title. */
  name?: string | null | undefined;
  onClose: () => void;
}

export function TimelapseModal({ open, name, scope, onClose }: TimelapseModalProps) {
  const { t } = useTranslation('camera');
  return (
    <Modal
      open={open}
      width={820}
      footer={null}
      destroyOnHidden
      title={name ? `${t('timelapse.title')} · ${name}` : t('timelapse.title')}
      onCancel={onClose}
    >
      {open ? <TimelapseView scope={scope} /> : null}
    </Modal>
  );
}

/** Who sees the action: holders of the camera page (the stills are the cameras'). */
export const TIMELAPSE_CODE = 'wfpf.farm.equipment.camera';

/** The "Growth time-lapse" action of a plot or a batch, with its modal. */
export function TimelapseButton({
  link = false,
  ...props
}: Omit<TimelapseModalProps, 'open' | 'onClose'> & { link?: boolean }) {
  const { t } = useTranslation('camera');
  const [open, setOpen] = useState(false);
  return (
    <PermissionGuard codes={[TIMELAPSE_CODE]}>
      <Button size="small" type={link ? 'link' : 'default'} onClick={() => setOpen(true)}>
        {t('timelapse.action')}
      </Button>
      <TimelapseModal {...props} open={open} onClose={() => setOpen(false)} />
    </PermissionGuard>
  );
}

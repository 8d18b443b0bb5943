import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CAPTURE_INTERVAL_MIN } from '@tilth/contracts/camera.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { DatePicker } from '../../../shared/form/DatePicker';
import { formatDateTime, nowInZone } from '../../../shared/format/time';
import { type Camera, cameraApi, cameraKeys } from '../../equipment/camera/camera.api';
import { type CaptureSchedule, cameraAdminApi, cameraAdminKeys } from './cameraAdmin.api';

const DAY_MIN = 1440;
const PAGE_SIZE = 10;

export interface TimingFormValues {
  start: Dayjs | null;
  end: Dayjs | null;
  intervalMin: number | null;
  presetIndex?: number | null;
  active: boolean;
}

const minuteOfDay = (d: Dayjs): number => d.hour() * 60 + d.minute();
const hhmm = (m: number): string =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Minutes from start to end; an end at or before the start is the next day's (a night schedule). */
export const durationOf = (startMin: number, endMin: number): number =>
  endMin > startMin ? endMin - startMin : endMin + DAY_MIN - startMin;

/** Spec 02 §5: the photo interval is at least 30 minutes and not above the duration. An i18n key or null. */
export const timingFormError = (v: {
  startMin: number | null;
  endMin: number | null;
  intervalMin: number | null;
}): string | null => {
  if (v.startMin === null) return 'timing.startRequired';
  if (v.endMin === null) return 'timing.endRequired';
  if (v.intervalMin === null) return 'timing.intervalRequired';
  if (v.intervalMin < CAPTURE_INTERVAL_MIN) return 'timing.intervalMin';
  if (v.intervalMin > durationOf(v.startMin, v.endMin)) return 'timing.intervalOverDuration';
  return null;
};

const atMinute = (m: number): Dayjs => nowInZone().startOf('day').add(m, 'minute');
const parseHhmm = (s: string): number => {
  const [h, m] = s.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** A schedule's time window as "06:00–16:00". */
export const windowText = (s: Pick<CaptureSchedule, 'startTime' | 'durationMin'>): string =>
  `${s.startTime}–${hhmm((parseHhmm(s.startTime) + s.durationMin) % DAY_MIN)}`;

/** Spec 02 §5 timed captures of one camera: the schedules (paged) and a form to add or edit one. */
export function CameraTimingModal({
  tenantId,
  camera,
  onClose,
}: {
  tenantId: number;
  camera: Camera;
  onClose: () => void;
}) {
  const { t } = useTranslation(['camera', 'common']);
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<TimingFormValues>();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<CaptureSchedule | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const listKey = cameraAdminKeys.schedules(tenantId, camera.id);
  const list = useQuery({
    queryKey: [...listKey, page],
    queryFn: () => cameraAdminApi.schedules(tenantId, camera.id, page, PAGE_SIZE),
  });
  const presets = useQuery({
    queryKey: cameraKeys.presets(tenantId, camera.id),
    queryFn: () => cameraApi.presets(tenantId, camera.id),
  });
  const presetName = new Map((presets.data ?? []).map((p) => [p.index, p.name]));
  const refresh = () => client.invalidateQueries({ queryKey: [...listKey] });

  const open = (s: CaptureSchedule | 'new') => {
    setEditing(s);
    const start = s === 'new' ? 6 * 60 : parseHhmm(s.startTime);
    const duration = s === 'new' ? 600 : s.durationMin;
    form.setFieldsValue({
      start: atMinute(start),
      end: atMinute((start + duration) % DAY_MIN),
      intervalMin: s === 'new' ? 60 : s.intervalMin,
      presetIndex: s === 'new' ? null : s.presetIndex,
      active: s === 'new' ? true : s.active === 1,
    });
  };

  const save = async (v: TimingFormValues) => {
    const startMin = v.start ? minuteOfDay(v.start) : null;
    const endMin = v.end ? minuteOfDay(v.end) : null;
    const problem = timingFormError({ startMin, endMin, intervalMin: v.intervalMin });
    if (problem || startMin === null || endMin === null || v.intervalMin === null) {
      void message.warning(t(`camera:${problem ?? 'timing.startRequired'}`));
      return;
    }
    const fields = {
      cameraId: camera.id,
      startTime: hhmm(startMin),
      durationMin: durationOf(startMin, endMin),
      intervalMin: v.intervalMin,
      presetIndex: v.presetIndex ?? null,
      active: v.active ? (1 as const) : (0 as const),
    };
    setBusy(true);
    try {
      if (editing && editing !== 'new') {
        await cameraAdminApi.updateSchedule(tenantId, {
          ...fields,
          id: editing.id,
          objectVersionNumber: editing.objectVersionNumber,
        });
      } else {
        await cameraAdminApi.createSchedule(tenantId, fields);
      }
      void message.success(t('common:message.saved'));
      setEditing(null);
      await refresh();
    } catch {
      // The client has shown the server's 400 (intervalMin …) or 409.
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (s: CaptureSchedule, active: boolean) => {
    try {
      const { cameraName: _n, lastSlotAt: _l, ...rest } = s;
      await cameraAdminApi.updateSchedule(tenantId, { ...rest, active: active ? 1 : 0 });
      await refresh();
    } catch {
      // Shown by the client.
    }
  };

  const remove = async (s: CaptureSchedule) => {
    try {
      await cameraAdminApi.deleteSchedule(tenantId, s);
      void message.success(t('camera:manager.deleted'));
      const rows = list.data?.content.length ?? 0;
      if (rows === 1 && page > 0) setPage(page - 1);
      await refresh();
    } catch {
      // Shown by the client.
    }
  };

  return (
    <Modal
      open
      width={860}
      title={t('camera:timing.title', { name: camera.name })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => open('new')} disabled={camera.relation !== 'owner'}>
          {t('camera:timing.add')}
        </Button>
        <span className="tl-cam-hint">{t('camera:timing.rule')}</span>
      </Space>
      <Table<CaptureSchedule>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.content ?? []}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: list.data?.totalElements ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => setPage(p - 1),
        }}
        locale={{
          emptyText: <EmptyState variant="noData" size="small" description={t('camera:timing.empty')} />,
        }}
        columns={[
          { title: t('camera:timing.window'), key: 'window', render: (_, s) => windowText(s) },
          {
            title: t('camera:timing.interval'),
            dataIndex: 'intervalMin',
            render: (v: number) => t('camera:timing.minutes', { count: v }),
          },
          {
            title: t('camera:timing.preset'),
            dataIndex: 'presetIndex',
            render: (v: number | null) => (v === null ? '—' : (presetName.get(v) ?? `#${v}`)),
          },
          {
            title: t('camera:timing.lastShot'),
            dataIndex: 'lastSlotAt',
            render: (v: string | null) => (v ? formatDateTime(v, 'YYYY-MM-DD HH:mm') : '—'),
          },
          {
            title: t('camera:timing.active'),
            dataIndex: 'active',
            render: (v: number, s) => (
              <Switch size="small" checked={v === 1} onChange={(on) => void toggle(s, on)} />
            ),
          },
          {
            title: t('common:action.operation'),
            key: 'ops',
            width: 140,
            render: (_, s) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(s)}>
                  {t('common:action.edit')}
                </Button>
                <Popconfirm
                  title={t('camera:timing.deleteConfirm')}
                  okText={t('common:action.delete')}
                  cancelText={t('common:action.cancel')}
                  onConfirm={() => void remove(s)}
                >
                  <Button type="link" size="small" danger>
                    {t('common:action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('camera:timing.add') : t('camera:timing.edit')}
        okText={t('common:action.save')}
        cancelText={t('common:action.cancel')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<TimingFormValues>
          form={form}
          layout="vertical"
          name="cameraTiming"
          onFinish={(v) => void save(v)}
        >
          <Space size="large" align="start">
            <Form.Item
              name="start"
              label={t('camera:timing.start')}
              rules={[{ required: true, message: t('camera:timing.startRequired') }]}
            >
              <DatePicker picker="time" format="HH:mm" minuteStep={5} needConfirm={false} />
            </Form.Item>
            <Form.Item
              name="end"
              label={t('camera:timing.end')}
              rules={[{ required: true, message: t('camera:timing.endRequired') }]}
            >
              <DatePicker picker="time" format="HH:mm" minuteStep={5} needConfirm={false} />
            </Form.Item>
          </Space>
          <Form.Item
            name="intervalMin"
            label={t('camera:timing.interval')}
            dependencies={['start', 'end']}
            rules={[
              { required: true, message: t('camera:timing.intervalRequired') },
              ({ getFieldValue }) => ({
                validator: (_, v: number | null) => {
                  const start = getFieldValue('start') as Dayjs | null;
                  const end = getFieldValue('end') as Dayjs | null;
                  if (v === null || v === undefined || !start || !end) return Promise.resolve();
                  const key = timingFormError({
                    startMin: minuteOfDay(start),
                    endMin: minuteOfDay(end),
                    intervalMin: v,
                  });
                  return key ? Promise.reject(new Error(t(`camera:${key}`))) : Promise.resolve();
                },
              }),
            ]}
          >
            <InputNumber min={1} max={DAY_MIN} precision={0} addonAfter={t('camera:timing.minuteUnit')} />
          </Form.Item>
          <Form.Item name="presetIndex" label={t('camera:timing.preset')}>
            <Select
              allowClear
              placeholder={t('camera:timing.noPreset')}
              options={(presets.data ?? []).map((p) => ({ value: p.index, label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="active" label={t('camera:timing.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}

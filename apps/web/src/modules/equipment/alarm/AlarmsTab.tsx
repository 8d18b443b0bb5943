import { useQuery } from '@tanstack/react-query';
import { ALARM_ACK_NOTE_MAX, ALARM_SEVERITIES } from '@tilth/contracts/alarm.types';
import { ALARM_CODES } from '@tilth/contracts/permissions';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { type Alarm, alarmApi, alarmKeys } from './alarm.api';
import { metricName, metricReading, OP_SYMBOL, SEVERITY_COLOR } from './alarmFormat';

/** The alarm list refreshes itself this often (live enough for a farm; the SSE stream is for devices). */
const POLL_MS = 15_000;
const TIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * Alarms: active first, severity, device, value against threshold, times, acknowledge (one or many).
 * With a typeKey only that device type's alarms (the farm machinery alarm page), without the
 * tenant-wide summary.
 */
export function AlarmsTab({ tenantId, typeKey }: { tenantId: number; typeKey?: string }) {
  const { t, i18n } = useTranslation(['alarm', 'common']);
  const message = useMessage();
  const key = useMemo(
    () => (typeKey ? [...alarmKeys.alarms(tenantId), typeKey] : alarmKeys.alarms(tenantId)),
    [tenantId, typeKey],
  );
  const list = usePagedList<Alarm>(key, (q) => alarmApi.alarms(tenantId, typeKey ? { ...q, typeKey } : q));
  const summary = useQuery({
    queryKey: alarmKeys.summary(tenantId),
    queryFn: () => alarmApi.summary(tenantId),
    refetchInterval: POLL_MS,
    enabled: !typeKey,
  });
  const devices = useQuery({
    queryKey: alarmKeys.devices(tenantId),
    queryFn: () => alarmApi.devices(tenantId),
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [acking, setAcking] = useState<number[] | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const { refresh } = list;

  useEffect(() => {
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const fields: FilterField[] = [
    {
      name: 'state',
      label: t('alarm:field.state'),
      type: 'select',
      options: (['active', 'cleared'] as const).map((s) => ({ value: s, label: t(`alarm:state.${s}`) })),
    },
    {
      name: 'acknowledged',
      label: t('alarm:field.acknowledged'),
      type: 'select',
      options: [0, 1].map((v) => ({ value: v, label: t(`alarm:acknowledged.${v}`) })),
    },
    {
      name: 'severity',
      label: t('alarm:field.severity'),
      type: 'select',
      options: ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarm:severity.${s}`) })),
    },
    {
      name: 'deviceId',
      label: t('alarm:field.device'),
      type: 'select',
      showSearch: true,
      options: (devices.data ?? [])
        .filter((d) => !typeKey || d.deviceType === typeKey)
        .map((d) => ({ value: d.id, label: d.name })),
    },
    { name: 'range', label: t('alarm:field.raisedAt'), type: 'dateRange', names: ['startTime', 'endTime'] },
  ];

  const openAck = (ids: number[]) => {
    setNote('');
    setAcking(ids);
  };
  const ack = async () => {
    if (!acking) return;
    setBusy(true);
    try {
      if (acking.length === 1 && acking[0] !== undefined) await alarmApi.ack(tenantId, acking[0], note);
      else {
        const r = await alarmApi.bulkAck(tenantId, acking, note);
        message.success(t('alarm:message.bulkAcked', { count: r.acknowledged }));
      }
      if (acking.length === 1) message.success(t('alarm:message.acked'));
      setAcking(null);
      setSelected([]);
      await Promise.all([list.refresh(), typeKey ? undefined : summary.refetch()]);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<Alarm> = [
    {
      title: t('alarm:field.severity'),
      dataIndex: 'severity',
      width: 90,
      render: (s: Alarm['severity']) => <Tag color={SEVERITY_COLOR[s]}>{t(`alarm:severity.${s}`)}</Tag>,
    },
    { title: t('alarm:field.device'), dataIndex: 'deviceName', render: (v: string | null) => v ?? '—' },
    {
      title: t('alarm:field.condition'),
      key: 'condition',
      render: (_, a) =>
        a.kind === 'offline' ? (
          t('alarm:kind.offline')
        ) : (
          <span>
            {metricName(a.typeKey, a.metric, i18n.language)}{' '}
            <strong>{metricReading(a.typeKey, a.metric, a.value, i18n.language)}</strong>{' '}
            {a.op ? OP_SYMBOL[a.op] : ''} {metricReading(a.typeKey, a.metric, a.threshold, i18n.language)}
          </span>
        ),
    },
    { title: t('alarm:field.rule'), dataIndex: 'ruleName', render: (v: string | null) => v ?? '—' },
    {
      title: t('alarm:field.state'),
      dataIndex: 'state',
      width: 90,
      render: (s: Alarm['state']) => (
        <Badge status={s === 'active' ? 'error' : 'default'} text={t(`alarm:state.${s}`)} />
      ),
    },
    {
      title: t('alarm:field.raisedAt'),
      dataIndex: 'raisedAt',
      render: (v: string) => formatDateTime(v, TIME),
    },
    {
      title: t('alarm:field.clearedAt'),
      dataIndex: 'clearedAt',
      render: (v: string | null) => (v ? formatDateTime(v, TIME) : '—'),
    },
    {
      title: t('alarm:field.ack'),
      key: 'ack',
      render: (_, a) =>
        a.acknowledgedAt ? (
          <Tooltip title={a.ackNote ?? undefined}>
            <Tag color="green">
              {t('alarm:ackBy', {
                name: a.acknowledgedByName ?? '—',
                time: formatDateTime(a.acknowledgedAt, 'MM-DD HH:mm'),
              })}
            </Tag>
          </Tooltip>
        ) : (
          <PermissionGuard codes={[ALARM_CODES.ack]} fallback={<Tag>{t('alarm:acknowledged.0')}</Tag>}>
            <Button type="link" size="small" onClick={() => openAck([a.id])}>
              {t('alarm:action.ack')}
            </Button>
          </PermissionGuard>
        ),
    },
  ];

  const s = summary.data;
  return (
    <>
      <Space size="large" style={{ marginBottom: 12, display: typeKey ? 'none' : undefined }} wrap>
        <span>
          {t('alarm:summary.active')} <Badge count={s?.active ?? 0} showZero color="red" />
        </span>
        {ALARM_SEVERITIES.map((sev) => (
          <span key={sev}>
            <Tag color={SEVERITY_COLOR[sev]}>{t(`alarm:severity.${sev}`)}</Tag>
            {s?.activeBySeverity[sev] ?? 0}
          </span>
        ))}
        <span>
          {t('alarm:summary.unacknowledged')} <Badge count={s?.unacknowledged ?? 0} showZero color="orange" />
        </span>
      </Space>
      <FilterBar fields={fields} onSearch={list.search} />
      <PermissionGuard codes={[ALARM_CODES.ack]}>
        <Button
          disabled={selected.length === 0}
          onClick={() => openAck(selected)}
          style={{ marginBottom: 12 }}
        >
          {t('alarm:action.bulkAck', { count: selected.length })}
        </Button>
      </PermissionGuard>
      <PagedTable<Alarm>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (a) => ({ disabled: a.acknowledgedAt !== null }),
        }}
        empty={{ title: t('alarm:empty') }}
      />
      <Modal
        open={acking !== null}
        title={t('alarm:ack.title', { count: acking?.length ?? 0 })}
        okText={t('alarm:action.ack')}
        cancelText={t('common:action.cancel')}
        confirmLoading={busy}
        onOk={() => void ack()}
        onCancel={() => setAcking(null)}
      >
        <Input.TextArea
          rows={3}
          value={note}
          maxLength={ALARM_ACK_NOTE_MAX}
          showCount
          placeholder={t('alarm:ack.notePlaceholder')}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </>
  );
}

import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { commandActionName, formatCommandParams } from '@tilth/contracts/control-log.format';
import { COMMAND_STATES } from '@tilth/contracts/device-protocol.types';
import { DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { type ControlLogItem, controlApi, controlKeys } from '../../equipment/control/control.api';
import { withAllPlaceholder, withDayBounds } from './logQuery';
import { useLogScope } from './useLogScope';

const STATE_COLOR: Record<string, string> = {
  queued: 'default',
  sent: 'processing',
  acked: 'processing',
  done: 'success',
  failed: 'error',
  timeout: 'warning',
};
const SOURCES = ['user', 'strategy', 'auto-off', 'alarm'] as const;
const CONTROLLABLE = DEVICE_TYPES.filter((t) => t.commands.length > 0);

/** report/equipmentLog/controlLog: every command with who sent it and how it ended; filters and export. */
export function ControlLogPage() {
  const { t, i18n } = useTranslation(['control', 'common']);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { tenantId } = useShell();
  const { areaId, devices } = useLogScope(tenantId);
  const key = useMemo(() => [...controlKeys.log(tenantId), areaId ?? 0], [tenantId, areaId]);
  const list = usePagedList<ControlLogItem>(key, (q) =>
    controlApi.log(tenantId, withDayBounds({ ...q, areaId })),
  );
  const [exporting, setExporting] = useState(false);

  const fields: FilterField[] = withAllPlaceholder(
    [
      {
        name: 'deviceType',
        label: t('control:log.deviceType'),
        type: 'select',
        showSearch: true,
        options: CONTROLLABLE.map((d) => ({ value: d.key, label: d.name[lang] })),
      },
      {
        name: 'deviceId',
        label: t('control:log.device'),
        type: 'select',
        showSearch: true,
        options: devices
          .filter((d) => CONTROLLABLE.some((c) => c.key === d.deviceType))
          .map((d) => ({ value: d.id, label: `${d.name} (${d.eui})` })),
      },
      {
        name: 'state',
        label: t('control:log.state'),
        type: 'select',
        options: COMMAND_STATES.map((s) => ({ value: s, label: t(`control:command.states.${s}`) })),
      },
      {
        name: 'source',
        label: t('control:log.source'),
        type: 'select',
        options: SOURCES.map((s) => ({ value: s, label: t(`control:log.sources.${s}`) })),
      },
      {
        name: 'mine',
        label: t('control:log.mine'),
        type: 'select',
        options: [{ value: 1, label: t('control:log.mine') }],
      },
      {
        name: 'range',
        label: t('control:log.dateRange'),
        type: 'dateRange',
        names: ['startTime', 'endTime'],
      },
    ],
    t,
  );

  const exportLog = async () => {
    setExporting(true);
    try {
      await controlApi.exportLog(
        tenantId,
        withDayBounds({ ...(list.filters as Record<string, string>), areaId }),
        `${t('control:log.title')}.xlsx`,
      );
    } catch {
      // The download helper rejects with the server's message; nothing else to undo.
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<ControlLogItem> = [
    {
      title: t('control:log.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm:ss'),
    },
    { title: t('control:log.device'), dataIndex: 'deviceName', render: (v: string | null) => v ?? NO_DATA },
    {
      title: t('control:log.deviceType'),
      dataIndex: 'deviceType',
      render: (v: string | null) => (v ? (deviceTypeByKey(v)?.name[lang] ?? v) : NO_DATA),
    },
    { title: t('control:log.channel'), dataIndex: 'channelName', render: (v: string | null) => v ?? NO_DATA },
    {
      title: t('control:log.action'),
      dataIndex: 'action',
      render: (v: string, r) => commandActionName(r.deviceType, v, lang),
    },
    {
      // The same words as the Excel export (one formatter in contracts).
      title: t('control:log.params'),
      dataIndex: 'params',
      render: (_: unknown, r) => formatCommandParams(r, lang) || NO_DATA,
    },
    {
      title: t('control:log.state'),
      dataIndex: 'state',
      render: (v: string) => <Tag color={STATE_COLOR[v]}>{t(`control:command.states.${v}`)}</Tag>,
    },
    { title: t('control:log.message'), dataIndex: 'message', render: (v: string | null) => v ?? NO_DATA },
    {
      title: t('control:log.source'),
      dataIndex: 'source',
      render: (v: string) => t(`control:log.sources.${v}`, { defaultValue: v }),
    },
    { title: t('control:log.user'), dataIndex: 'userName', render: (v: string | null) => v ?? NO_DATA },
  ];

  return (
    <section className="tl-card">
      <FilterBar fields={fields} onSearch={list.search} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportLog()}>
          {t('control:log.export')}
        </Button>
      </div>
      <PagedTable<ControlLogItem>
        list={list}
        rowKey="cmdId"
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{ title: t('control:log.empty') }}
      />
    </section>
  );
}

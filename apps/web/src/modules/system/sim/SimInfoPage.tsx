import { useQuery } from '@tanstack/react-query';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DataTable } from '../../../shared/DataTable';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { OnlineStatus } from '../../equipment/device/components/OnlineStatus';
import { langOf } from '../../equipment/device/deviceFormat';
import { STATUS_COLOR } from './SimPage';
import { type SimInfo, simApi, simKeys } from './sim.api';
import { usageStatus, usageText } from './simFormat';

type SimDevice = SimInfo['devices'][number];

/** One IoT SIM card (/system/sim-manage/info/{id}): its plan and usage, and the devices carrying it. */
export function SimInfoPage() {
  const { t, i18n } = useTranslation(['sim', 'device', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const info = useQuery({
    queryKey: simKeys.info(tenantId, id),
    queryFn: () => simApi.info(tenantId, id),
    enabled: valid,
    retry: false,
  });
  if (!valid || info.isError) return <EmptyState variant="notFound" title={t('sim:notFound')} />;
  if (!info.data) return <Spin />;
  const { card, devices } = info.data;
  const lang = langOf(i18n.language);
  const columns: ColumnsType<SimDevice> = [
    { title: t('device:field.name'), dataIndex: 'name' },
    { title: t('device:field.eui'), dataIndex: 'eui' },
    {
      title: t('device:field.type'),
      dataIndex: 'deviceType',
      render: (v: string) => deviceTypeByKey(v)?.name[lang] ?? v,
    },
    { title: t('device:field.base'), dataIndex: 'areaName', render: (v: string | null) => v ?? NO_DATA },
    {
      title: t('device:field.online'),
      dataIndex: 'online',
      render: (_, d) => <OnlineStatus online={d.online} lastSeenAt={d.lastSeenAt} />,
    },
  ];
  return (
    <section className="tl-card">
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate('/system/sim-manage')}>{t('common:action.back')}</Button>
      </Space>
      <Descriptions
        title={card.iccid}
        column={{ xs: 1, sm: 2, md: 3 }}
        size="small"
        items={[
          { key: 'msisdn', label: t('sim:field.msisdn'), children: card.msisdn ?? NO_DATA },
          { key: 'operator', label: t('sim:field.operator'), children: card.operator ?? NO_DATA },
          {
            key: 'status',
            label: t('sim:field.status'),
            children: (
              <Tag color={STATUS_COLOR[card.status]}>
                {t(`sim:status.${card.status}`, { defaultValue: card.status })}
              </Tag>
            ),
          },
          {
            key: 'usage',
            label: t('sim:field.usage'),
            children: (
              <Space direction="vertical" size={0}>
                {usageText(card.usedMb, card.planMb, card.usagePercent, i18n.language)}
                {card.usagePercent !== null ? (
                  <Progress
                    percent={Math.min(100, card.usagePercent)}
                    status={usageStatus(card.usagePercent)}
                    size="small"
                    style={{ width: 200 }}
                  />
                ) : null}
              </Space>
            ),
          },
          {
            key: 'activated',
            label: t('sim:field.activatedAt'),
            children: card.activatedAt?.slice(0, 10) ?? NO_DATA,
          },
          {
            key: 'expires',
            label: t('sim:field.expiresAt'),
            children: card.expiresAt?.slice(0, 10) ?? NO_DATA,
          },
          { key: 'description', label: t('sim:field.description'), children: card.description ?? NO_DATA },
        ]}
      />
      <h3 style={{ marginTop: 24 }}>{t('sim:devices', { count: devices.length })}</h3>
      <DataTable<SimDevice>
        rowKey="id"
        columns={columns}
        dataSource={devices}
        locale={{ emptyText: <EmptyState variant="noData" size="small" title={t('sim:noDevices')} /> }}
      />
    </section>
  );
}

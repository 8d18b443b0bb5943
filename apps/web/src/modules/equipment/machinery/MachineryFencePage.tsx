import { useQueryClient } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import { DEVICE_CONFIG_LIMITS } from '@tilth/contracts/device-config.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMessage } from '../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { deviceKeys } from '../device/api/device.api';
import type { LatLng } from '../families/familyFormat';
import { FenceEditor } from './FenceEditor';
import { FenceTag, MachineryPage, NoMachines } from './MachineryParts';
import { machineryApi } from './machinery.api';
import { circleFence, fenceOf, fenceStateOf, MACHINE_TYPE, positionOf } from './machineryFormat';
import { useMachines } from './useMachines';

const EDIT_CODE = deviceTypeByKey(MACHINE_TYPE)?.permissions.edit ?? '';
const MAX_POINTS = DEVICE_CONFIG_LIMITS.geofencePoints.max;

/**
 * equipment/farmmachinery-monitoring/fence: a geofence per machine, kept in its config (polygon drawn on
 * the map, or a circle of a radius around the machine). Positions outside are flagged in the lists; no
 * alarm is raised (the alarm rules have no fence kind).
 */
export function MachineryFencePage() {
  const { t } = useTranslation(['machinery', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const qc = useQueryClient();
  const { machines, loading, live } = useMachines();
  const [params, setParams] = useSearchParams();
  const fromQuery = Number(params.get('id'));
  const selected = machines.find((m) => m.id === fromQuery) ?? machines[0] ?? null;
  const [fence, setFence] = useState<LatLng[]>([]);
  const [revision, setRevision] = useState(0);
  const [radius, setRadius] = useState<number | null>(100);
  const [busy, setBusy] = useState(false);
  const selectedId = selected?.id;
  // Another machine (or its saved fence): start from what it has.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloaded per machine and saved version only
  useEffect(() => {
    if (!selected) return;
    setFence(fenceOf(selected));
    setRevision((r) => r + 1);
  }, [selectedId, selected?.objectVersionNumber]);

  const replace = (next: LatLng[]) => {
    setFence(next);
    setRevision((r) => r + 1);
  };
  const at = selected ? positionOf(selected) : null;
  const save = async (device: Device, next: LatLng[]) => {
    setBusy(true);
    try {
      await machineryApi.saveFence(tenantId, device, next);
      message.success(t('common:message.saved'));
      await qc.invalidateQueries({ queryKey: deviceKeys.all(tenantId) });
    } catch {
      // Shown by the API client (a stale version: 409, reload).
    } finally {
      setBusy(false);
    }
  };
  const valid = fence.length === 0 || (fence.length >= 3 && fence.length <= MAX_POINTS);

  if (!loading && machines.length === 0)
    return (
      <MachineryPage title={t('equipment:route.machineryFence')}>
        <NoMachines />
      </MachineryPage>
    );
  return (
    <MachineryPage title={t('equipment:route.machineryFence')} live={live}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          value={selected?.id}
          onChange={(id: number) => setParams({ id: String(id) }, { replace: true })}
          options={machines.map((m) => ({ value: m.id, label: m.name }))}
        />
        {selected ? <FenceTag state={fenceStateOf(selected)} /> : null}
      </Space>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('machinery:fence.hint')} />
      {selected ? (
        <Row gutter={16}>
          <Col flex="auto">
            <FenceEditor machine={selected} fence={fence} revision={revision} onChange={setFence} />
          </Col>
          <Col flex="280px">
            <Typography.Paragraph>
              {fence.length > 0
                ? t('machinery:fence.points', { count: fence.length })
                : t('machinery:fence.noFence')}
            </Typography.Paragraph>
            {valid ? null : (
              <Typography.Paragraph type="danger">
                {t('machinery:fence.invalid', { min: 3, max: MAX_POINTS })}
              </Typography.Paragraph>
            )}
            <Typography.Title level={5}>{t('machinery:fence.circle')}</Typography.Title>
            <Space wrap>
              <InputNumber
                min={10}
                max={50_000}
                precision={0}
                value={radius}
                onChange={(v) => setRadius(v)}
                suffix="m"
              />
              <Button
                disabled={!at || !radius}
                onClick={() => at && radius && replace(circleFence(at, radius))}
              >
                {t('machinery:fence.useCircle')}
              </Button>
            </Space>
            {at ? null : (
              <Typography.Paragraph type="secondary">{t('machinery:fence.noPosition')}</Typography.Paragraph>
            )}
            <PermissionGuard codes={[EDIT_CODE]}>
              <Space style={{ marginTop: 16 }}>
                <Button
                  type="primary"
                  loading={busy}
                  disabled={!valid}
                  onClick={() => void save(selected, fence)}
                >
                  {t('common:action.save')}
                </Button>
                <Button danger disabled={busy} onClick={() => replace([])}>
                  {t('machinery:fence.clear')}
                </Button>
              </Space>
            </PermissionGuard>
          </Col>
        </Row>
      ) : null}
      <Table<Device>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        dataSource={[...machines]}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        onRow={(m) => ({ onClick: () => setParams({ id: String(m.id) }, { replace: true }) })}
        rowClassName={(m) => (m.id === selected?.id ? 'ant-table-row-selected' : '')}
        columns={[
          { title: t('machinery:field.machine'), dataIndex: 'name' },
          {
            title: t('machinery:fence.pointsTitle'),
            key: 'points',
            render: (_, m) => fenceOf(m).length || '—',
          },
          {
            title: t('machinery:field.fence'),
            key: 'fence',
            render: (_, m) => <FenceTag state={fenceStateOf(m)} />,
          },
        ]}
      />
    </MachineryPage>
  );
}

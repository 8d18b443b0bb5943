import type { Device } from '@tilth/contracts/device.types';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { useShell } from '../../../shell/ShellContext';
import { useDeviceStream } from '../live/useDeviceStream';
import { MachineryPage } from './MachineryParts';
import { machineryApi, machineryKeys } from './machinery.api';
import { useMachineColumns } from './useMachineColumns';

/** equipment/farmmachinery-status: the machines with live status (running, speed, worked hours, online). */
export function MachineryStatusPage() {
  const { t } = useTranslation(['machinery', 'device', 'common']);
  const { tenantId } = useShell();
  const live = useDeviceStream(tenantId);
  const key = useMemo(() => machineryKeys.page(tenantId), [tenantId]);
  const list = usePagedList<Device>(key, (q) => machineryApi.page(tenantId, q));
  const columns = useMachineColumns();
  const fields: FilterField[] = [
    { name: 'name', label: t('device:field.name'), type: 'text' },
    {
      name: 'online',
      label: t('device:field.online'),
      type: 'select',
      options: [1, 0].map((v) => ({ value: v, label: t(`device:online.${v}`) })),
    },
  ];
  return (
    <MachineryPage title={t('equipment:route.machineryStatus')} live={live}>
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<Device>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
        empty={{ title: t('machinery:empty.machines') }}
      />
    </MachineryPage>
  );
}

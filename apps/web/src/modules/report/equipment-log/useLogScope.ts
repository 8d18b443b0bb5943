import { useQuery } from '@tanstack/react-query';
import type { DeviceOption } from '@tilth/contracts/device.types';
import { useSelectedArea } from '../../../shared/area/areaStore';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';

// What the control log and the online log share: both follow the base chosen in the header (spec 01
// §2.10); both show '全部 / All' in an empty select (withAllPlaceholder, logQuery.ts).

export interface LogScope {
  /** The header's base; the logs and their device pickers are narrowed to it. */
  areaId: number | undefined;
  devices: DeviceOption[];
}

export const useLogScope = (tenantId: number): LogScope => {
  const areaId = useSelectedArea()?.areaId;
  const devices = useQuery({
    queryKey: deviceKeys.options(tenantId, undefined, areaId),
    queryFn: () => deviceApi.options(tenantId, areaId === undefined ? {} : { areaId }),
  });
  return { areaId, devices: devices.data ?? [] };
};

import type { Page } from '@tilth/contracts';
import type { Alarm } from '@tilth/contracts/alarm.types';
import type { Device } from '@tilth/contracts/device.types';
import type { Query } from '../../../shared/api/client';
import { alarmApi } from '../alarm/alarm.api';
import { deviceApi, deviceKeys } from '../device/api/device.api';
import { familyApi, familyKeys, type Range } from '../families/family.api';
import type { LatLng } from '../families/familyFormat';
import { MACHINE_TYPE } from './machineryFormat';

// The farm machinery screens read the farm-machine devices of the registry, their GPS track and their
// alarms through the existing calls; the geofence is saved in the device's config.

export const machineryKeys = {
  /** Under the device keys so live updates and saves refresh it. */
  all: (t: number) => [...deviceKeys.list(t, MACHINE_TYPE), 'all'] as const,
  page: (t: number) => deviceKeys.list(t, MACHINE_TYPE),
  track: (t: number, id: number, r: Range) => familyKeys.track(t, id, r),
  alarms: (t: number) => ['alarm', t, 'alarms', MACHINE_TYPE] as const,
};

export const machineryApi = {
  page: (t: number, query: Query) => deviceApi.page(t, { ...query, deviceType: MACHINE_TYPE }),
  /** Every machine as a page (size 0), so live events patch it like the device lists. */
  all: (t: number): Promise<Page<Device>> =>
    deviceApi.page(t, { page: 0, size: 0, deviceType: MACHINE_TYPE }),
  details: (t: number, id: number) => deviceApi.details(t, id, MACHINE_TYPE),
  track: (t: number, id: number, r: Range) => familyApi.track(t, id, r),
  alarms: (t: number, query: Query): Promise<Page<Alarm>> =>
    alarmApi.alarms(t, { ...query, typeKey: MACHINE_TYPE }),
  ack: (t: number, id: number, note: string) => alarmApi.ack(t, id, note),
  /** Replaces the geofence (an empty list removes it); the other settings stay. */
  saveFence: (t: number, device: Device, fence: readonly LatLng[]) => {
    const { geofence: _old, ...rest } = device.config;
    return deviceApi.update(
      t,
      {
        id: device.id,
        objectVersionNumber: device.objectVersionNumber,
        config:
          fence.length > 0 ? { ...rest, geofence: fence.map((p) => ({ lat: p.lat, lng: p.lng })) } : rest,
      },
      MACHINE_TYPE,
    );
  },
};

import type { Page } from '@tilth/contracts/common.types';
import type { Device } from '@tilth/contracts/device.types';
import { SYSTEM_DEVICE_CODES } from '@tilth/contracts/permissions';
import type { SimCard } from '@tilth/contracts/sim.types';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../test/renderWithCodes';
import { deviceKeys } from '../equipment/device/api/device.api';
import { DeviceManagerPage } from './device/DeviceManagerPage';
import { SimPage } from './sim/SimPage';
import { simKeys } from './sim/sim.api';

// Issue 10: the device manager and SIM pages wrote under their view codes; their buttons now follow the
// write codes, so a role that may only look at them sees no add, edit, transfer or delete.

const T = 7;
const C = SYSTEM_DEVICE_CODES;
const page = <X,>(content: X[]): Page<X> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});

const sim: SimCard = {
  id: 1,
  iccid: '89860000000000000001',
  msisdn: null,
  operator: 'China Mobile',
  planMb: 1024,
  usedMb: 12,
  usagePercent: 1.2,
  activatedAt: null,
  expiresAt: null,
  status: 'active',
  description: null,
  deviceCount: 0,
  objectVersionNumber: 1,
  creationDate: '2024-05-01T00:00:00.000Z',
};

const device: Device = {
  id: 3,
  deviceType: 'soil-moisture',
  name: 'North soil station',
  eui: '0011223344556677',
  iccid: null,
  areaId: null,
  areaName: null,
  landId: null,
  landName: null,
  latlng: '',
  lat: null,
  lng: null,
  parentId: null,
  parentName: null,
  config: {},
  description: null,
  enabledFlag: 1,
  online: 1,
  lastSeenAt: null,
  latest: {},
  latestAt: null,
  secretIssuedAt: null,
  objectVersionNumber: 1,
  creationDate: '2024-05-01T00:00:00.000Z',
};

const simPage = (codes: readonly string[]) =>
  textOf(
    renderWithCodes(
      <MemoryRouter>
        <SimPage />
      </MemoryRouter>,
      { codes, tenantId: T, data: [[[...simKeys.list(T), 'page', {}, 0, 10], page([sim])]] },
    ),
  );

const managerPage = (codes: readonly string[]) =>
  textOf(
    renderWithCodes(<DeviceManagerPage />, {
      codes,
      tenantId: T,
      data: [
        [[...deviceKeys.system(T), 'page', {}, 0, 10], page([device])],
        [deviceKeys.bases(T), []],
      ],
    }),
  );

describe('system device pages show writes only to holders of their codes', () => {
  it('SIM cards: the view code alone shows the list and details, no add, edit or delete', () => {
    const text = simPage([C.sims]);
    expect(text).toContain(sim.iccid);
    expect(text).toContain('Details');
    expect(text).not.toContain('Add SIM card');
    expect(text).not.toMatch(/\bEdit\b|\bDelete\b/);
    const all = simPage([C.sims, C.simCreate, C.simEdit, C.simDelete]);
    expect(all).toContain('Add SIM card');
    expect(all).toMatch(/\bEdit\b/);
    expect(all).toMatch(/\bDelete\b/);
  });

  it('device manager: the view code alone shows the devices, no transfer or delete', () => {
    const text = managerPage([C.devices]);
    expect(text).toContain('North soil station');
    expect(text).not.toMatch(/Transfer|Delete/);
    const transfer = managerPage([C.devices, C.devicesTransfer]);
    expect(transfer).toContain('Transfer selected');
    expect(transfer).not.toMatch(/Delete/);
    const both = managerPage([C.devices, C.devicesTransfer, C.devicesDelete]);
    expect(both).toContain('Delete selected');
    expect(both).toMatch(/\bDelete\b/);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import App from 'antd/es/app';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { FeedbackProvider } from '../../../shared/FeedbackProvider';
import { textOf } from '../../../test/renderWithCodes';
import { deviceKeys } from '../../equipment/device/api/device.api';
import { patchDeviceCaches } from '../../equipment/live/useDeviceStream';
import { LiveDeviceBody } from './DevicePopup';
import type { DeviceAction } from './TourView';

// Issue 17: a device popup is live — it reads the device from the cache the tenant's live stream patches,
// so a value or online state changing on the server shows in the open popup without a reload. The switch
// shows only to holders of the type's control code.

const texts = import.meta.glob<Record<string, string>>('../../../locales/en-US/*.json', {
  eager: true,
  import: 'default',
});
const resources = Object.fromEntries(
  Object.entries(texts).map(([file, data]) => [file.replace(/^.*\/(\w+)\.json$/, '$1'), data]),
);

const T = 7;
const valve: Device = {
  id: 41,
  deviceType: 'electric-valve',
  name: 'East valve',
  eui: 'A1B2C3D4E5F60708',
  iccid: null,
  areaId: 1,
  areaName: 'Base',
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
  online: 0,
  lastSeenAt: null,
  latest: { valveOpen: 0, liquidLevel: 120 },
  latestAt: '2026-11-26T10:00:00.000Z',
  secretIssuedAt: null,
  objectVersionNumber: 1,
  creationDate: '2026-11-01T00:00:00.000Z',
};
const action: DeviceAction = {
  kind: 'device',
  popup: 'card',
  title: 'East valve',
  device: { deviceType: 'electric_valve', concentratorId: 41, name: 'East valve' },
  hotspotName: 'hs-v1',
};

const setup = (codes: readonly string[]) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const held = new Set(codes);
  for (const code of PERMISSION_CODES) client.setQueryData(['permissions', code], { [code]: held.has(code) });
  client.setQueryData(deviceKeys.details(T, 41), valve);
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': resources },
    defaultNS: 'common',
    keySeparator: false,
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  const render = () =>
    textOf(
      renderToStaticMarkup(
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={i18n}>
            <App>
              <FeedbackProvider>
                <LiveDeviceBody tenantId={T} action={action} deviceId={41} />
              </FeedbackProvider>
            </App>
          </I18nextProvider>
        </QueryClientProvider>,
      ),
    );
  return { client, render };
};

describe('the live device popup', () => {
  it('shows name, status and number, then follows live events without a reload', () => {
    const { client, render } = setup([]);
    const before = render();
    expect(before).toContain('East valve');
    expect(before).toContain('Offline');
    expect(before).toContain('A1B2C3D4E5F60708');
    expect(before).toContain('120');
    patchDeviceCaches(client, T, {
      type: 'status',
      deviceId: 41,
      online: true,
      at: '2026-11-26T10:05:00.000Z',
    });
    patchDeviceCaches(client, T, {
      type: 'telemetry',
      deviceId: 41,
      ts: '2026-11-26T10:05:00.000Z',
      values: { liquidLevel: 135.5 },
    });
    const after = render();
    expect(after).toContain('Online');
    expect(after).toContain('135.5');
    expect(after).not.toContain('Offline');
  });

  it('the valve switch is offered only with the control code', () => {
    expect(setup([]).render()).toContain('You have no permission to control this device');
    const held = setup(['wfpf.farm.equipment.electric-valve.ps.control']).render();
    expect(held).not.toContain('You have no permission');
    expect(held).toContain('Valve');
  });
});

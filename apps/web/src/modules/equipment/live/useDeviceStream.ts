import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@tilth/contracts';
import type { CollectedDatum, Device } from '@tilth/contracts/device.types';
import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';
import { useEffect, useRef, useState } from 'react';
import { refreshAccessToken } from '../../../shared/api/client';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { getAccessToken } from '../../../shared/storage';
import { deviceKeys } from '../device/api/device.api';
import {
  acquireDeviceStream,
  type DeviceEventListener,
  DeviceStream,
  deviceStreamUrl,
  type StreamState,
} from './deviceStream';
import { applyToCollection, applyToDevice, applyToPage } from './liveCache';

export type { StreamState } from './deviceStream';

const isPage = (v: unknown): v is Page<Device> =>
  typeof v === 'object' && v !== null && Array.isArray((v as { content?: unknown }).content);

/** Patches every cached device list, device and collected-data list of the tenant with one event. */
export const patchDeviceCaches = (qc: QueryClient, tenantId: number, event: DeviceStreamEvent): void => {
  if (event.type !== 'telemetry' && event.type !== 'status') return;
  for (const key of [deviceKeys.lists(tenantId), deviceKeys.system(tenantId)]) {
    qc.setQueriesData<Page<Device>>({ queryKey: key }, (old) =>
      isPage(old) ? applyToPage(old, event) : old,
    );
  }
  qc.setQueryData<Device>(deviceKeys.details(tenantId, event.deviceId), (old) =>
    old ? applyToDevice(old, event) : old,
  );
  qc.setQueryData<readonly CollectedDatum[]>(deviceKeys.collection(tenantId, event.deviceId), (old) =>
    old ? applyToCollection(old, event) : old,
  );
};

const makeStream = (qc: QueryClient) => (tenantId: number) => {
  const stream = new DeviceStream({
    url: deviceStreamUrl(tenantId),
    token: getAccessToken,
    // The server ends the stream when the access token expires; the stream refreshes and reconnects.
    refresh: refreshAccessToken,
    language: currentLanguage,
  });
  // Installed once per stream, whichever screen opened it.
  stream.subscribe('all', (event) => patchDeviceCaches(qc, tenantId, event));
  stream.onConnected((connections) => {
    // Back after a drop or a token change: what happened meanwhile is fetched again.
    if (connections > 1) void qc.invalidateQueries({ queryKey: deviceKeys.all(tenantId) });
  });
  return stream;
};

/**
 * Keeps the tenant's live device stream open while the calling screen is mounted; cached device lists,
 * details and collected data update from it. Returns the link state for the "live" indicator.
 */
export function useDeviceStream(tenantId: number): StreamState {
  const qc = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    const { stream, release } = acquireDeviceStream(tenantId, makeStream(qc));
    setState(stream.state);
    const off = stream.onState(setState);
    return () => {
      off();
      release();
    };
  }, [tenantId, qc]);
  return state;
}

/** Calls `listener` with every live event of one device (or of all with 'all') while mounted. */
export function useDeviceEvents(
  tenantId: number,
  deviceId: number | 'all' | null,
  listener: DeviceEventListener,
): StreamState {
  const qc = useQueryClient();
  const latest = useRef(listener);
  latest.current = listener;
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    if (deviceId === null) return;
    const { stream, release } = acquireDeviceStream(tenantId, makeStream(qc));
    setState(stream.state);
    const offState = stream.onState(setState);
    const offEvents = stream.subscribe(deviceId, (e) => latest.current(e));
    return () => {
      offEvents();
      offState();
      release();
    };
  }, [tenantId, deviceId, qc]);
  return state;
}

import type { Page } from '@tilth/contracts';
import type { CollectedDatum, Device } from '@tilth/contracts/device.types';
import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';

// How a live event changes what the console already holds: a device row (list pages, details) and the
// collected-data cards of the data dialog. Pure functions; unchanged inputs come back as the same object,
// so TanStack Query does not re-render screens an event does not concern.

const later = (a: string | null, b: string): boolean => a === null || Date.parse(b) >= Date.parse(a);

export const applyToDevice = (device: Device, event: DeviceStreamEvent): Device => {
  if (device.id !== event.deviceId) return device;
  if (event.type === 'telemetry') {
    // Readings may arrive out of order (a device sending its backlog): latest only moves forward.
    const newer = later(device.latestAt, event.ts);
    return {
      ...device,
      online: 1,
      lastSeenAt: device.lastSeenAt && !later(device.lastSeenAt, event.ts) ? device.lastSeenAt : event.ts,
      latest: newer ? { ...device.latest, ...event.values } : device.latest,
      latestAt: newer ? event.ts : device.latestAt,
    };
  }
  if (event.type === 'status') {
    const online = event.online ? 1 : 0;
    if (online === device.online) return device;
    return { ...device, online, lastSeenAt: event.online ? event.at : device.lastSeenAt };
  }
  return device;
};

export const applyToPage = (page: Page<Device>, event: DeviceStreamEvent): Page<Device> => {
  let changed = false;
  const content = page.content.map((d) => {
    const next = applyToDevice(d, event);
    if (next !== d) changed = true;
    return next;
  });
  return changed ? { ...page, content } : page;
};

/** Collected data cards carry the metric key as their id (one card per metric of the type). */
export const applyToCollection = (
  list: readonly CollectedDatum[],
  event: DeviceStreamEvent,
): readonly CollectedDatum[] => {
  if (event.type === 'telemetry') {
    let changed = false;
    const next = list.map((d) => {
      const value = event.values[d.id];
      if (value === undefined || (d.newestTime !== null && !later(d.newestTime, event.ts))) return d;
      changed = true;
      return { ...d, newestData: value, newestTime: event.ts, online: 1 };
    });
    return changed ? next : list;
  }
  if (event.type === 'status') {
    const online = event.online ? 1 : 0;
    if (list.every((d) => d.online === online)) return list;
    return list.map((d) => ({ ...d, online }));
  }
  return list;
};

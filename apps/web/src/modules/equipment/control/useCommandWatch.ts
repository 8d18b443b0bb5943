import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';
import { useCallback, useEffect, useRef } from 'react';
import { useDeviceEvents } from '../live/useDeviceStream';
import { isFinal } from './commandModel';
import { controlApi } from './control.api';

export interface CommandUpdate {
  cmdId: string;
  state: string;
  message: string | null;
}

type Listener = (u: CommandUpdate) => void;

/** Poll while waiting: the live stream usually answers first; polling covers a dropped stream. */
const POLL_MS = 1500;
/** Spec 02 §9 request time-out 30 s; the server times the command out then, so stop a little later. */
const GIVE_UP_MS = 45_000;

/**
 * Follows commands of one device until they finish: `watch(cmdId, fn)` calls fn with every new state
 * (from the SSE `command` events, or by polling GET device/command/:cmdId) and stops at done, failed or
 * timeout. Everything stops when the component unmounts.
 */
export function useCommandWatch(tenantId: number, deviceId: number | null) {
  const listeners = useRef(new Map<string, { fn: Listener; last: string }>());
  const timers = useRef(new Set<ReturnType<typeof setInterval>>());

  const deliver = useCallback((u: CommandUpdate) => {
    const entry = listeners.current.get(u.cmdId);
    if (!entry || entry.last === u.state) return;
    entry.last = u.state;
    if (isFinal(u.state)) listeners.current.delete(u.cmdId);
    entry.fn(u);
  }, []);

  useDeviceEvents(tenantId, deviceId, (e: DeviceStreamEvent) => {
    if (e.type === 'command') deliver({ cmdId: e.cmdId, state: e.state, message: e.message });
  });

  useEffect(() => {
    const all = timers.current;
    const map = listeners.current;
    return () => {
      for (const t of all) clearInterval(t);
      all.clear();
      map.clear();
    };
  }, []);

  return useCallback(
    (cmdId: string, initialState: string, fn: Listener) => {
      listeners.current.set(cmdId, { fn, last: '' });
      deliver({ cmdId, state: initialState, message: null });
      if (isFinal(initialState)) return;
      const started = Date.now();
      const timer = setInterval(() => {
        if (!listeners.current.has(cmdId) || Date.now() - started > GIVE_UP_MS) {
          clearInterval(timer);
          timers.current.delete(timer);
          if (listeners.current.has(cmdId)) deliver({ cmdId, state: 'timeout', message: null });
          return;
        }
        controlApi.get(tenantId, cmdId).then(
          (c) => deliver({ cmdId, state: c.state, message: c.message }),
          () => undefined,
        );
      }, POLL_MS);
      timers.current.add(timer);
    },
    [tenantId, deliver],
  );
}

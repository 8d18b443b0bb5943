import type { DeviceStreamEvent } from '@tilth/contracts/device.types';
import type { IotEvents } from './iot.js';

/** In-process live events per tenant (one server process; SSE clients subscribe to their tenant). */
export class EventHub implements IotEvents {
  private readonly listeners = new Map<number, Set<(event: DeviceStreamEvent) => void>>();

  emit(tenantId: number, event: DeviceStreamEvent): void {
    const set = this.listeners.get(tenantId);
    if (!set) return;
    for (const fn of set) {
      // One broken listener (a closed socket) must not starve the others.
      try {
        fn(event);
      } catch {
        set.delete(fn);
      }
    }
  }

  subscribe(tenantId: number, fn: (event: DeviceStreamEvent) => void): () => void {
    let set = this.listeners.get(tenantId);
    if (!set) {
      set = new Set();
      this.listeners.set(tenantId, set);
    }
    set.add(fn);
    return () => {
      const s = this.listeners.get(tenantId);
      if (!s) return;
      s.delete(fn);
      if (s.size === 0) this.listeners.delete(tenantId);
    };
  }

  /** Open subscriptions of a tenant (tests, diagnostics). */
  listenerCount(tenantId: number): number {
    return this.listeners.get(tenantId)?.size ?? 0;
  }
}

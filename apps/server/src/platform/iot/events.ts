import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';
import type { IotEvents } from './iot.js';

/**
 * Live events per tenant for this process's SSE clients. With an external broker an event relay
 * (event-relay.ts) also carries what this process emits to the other server processes and hands theirs
 * to deliver().
 */
export class EventHub implements IotEvents {
  private readonly listeners = new Map<number, Set<(event: DeviceStreamEvent) => void>>();
  private relay: ((tenantId: number, event: DeviceStreamEvent) => void) | undefined;

  /** Sends every event emitted here to other processes too (undefined stops it). */
  relayTo(fn: ((tenantId: number, event: DeviceStreamEvent) => void) | undefined): void {
    this.relay = fn;
  }

  emit(tenantId: number, event: DeviceStreamEvent): void {
    this.deliver(tenantId, event);
    this.relay?.(tenantId, event);
  }

  /** To this process's listeners only (events another process emitted). */
  deliver(tenantId: number, event: DeviceStreamEvent): void {
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

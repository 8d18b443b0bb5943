import { type DeviceStreamEvent, streamEndEvent } from '@tilth/contracts/live-events.types';
import { backoffMs, SseParser, toDeviceEvent } from './sse';

// One live connection per tenant to GET /wfpe/v1/{t}/device/stream, shared by every screen that shows
// devices: screens subscribe by device id (or to all), the connection opens with the first subscriber,
// reconnects with backoff when it drops, and closes a little after the last subscriber left.

export type StreamState = 'connecting' | 'live' | 'offline';
export type DeviceEventListener = (event: DeviceStreamEvent) => void;

export interface DeviceStreamOptions {
  url: string;
  /** Read on every (re)connect, so a refreshed token is used. */
  token: () => string | null;
  /**
   * Gets a fresh access token (the API client's shared refresh); true when it did. The server ends the
   * stream when the token expires (and refuses it then with accessTokenExpired): the stream refreshes and
   * reconnects at once, so the user sees no gap.
   */
  refresh?: () => Promise<boolean>;
  language?: () => string;
  fetchImpl?: typeof fetch;
  /** Waits between attempts (tests pass a fast one). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  /** No byte for this long (the server sends a heartbeat every 15 s): the link is dead, reconnect. */
  idleTimeoutMs?: number;
}

const defaultSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const ACCESS_TOKEN_EXPIRED = 'error.permission.accessTokenExpired';

const isExpiredAnswer = async (res: Response): Promise<boolean> => {
  try {
    const body: unknown = await res.json();
    return typeof body === 'object' && body !== null && Reflect.get(body, 'code') === ACCESS_TOKEN_EXPIRED;
  } catch {
    return false;
  }
};

/** The reason of the server's last `event: end` (expired, revoked, forbidden, shutdown). */
const streamEndReason = (data: string): string | undefined => {
  try {
    return streamEndEvent.safeParse(JSON.parse(data)).data?.reason;
  } catch {
    return undefined;
  }
};

export class DeviceStream {
  private readonly listeners = new Map<number | 'all', Set<DeviceEventListener>>();
  private readonly stateListeners = new Set<(state: StreamState) => void>();
  private readonly connectedListeners = new Set<(connections: number) => void>();
  private stopper: AbortController | null = null;
  private attempt = 0;
  state: StreamState = 'offline';
  /** How many times the link came up; a second time means events may have been missed meanwhile. */
  connections = 0;

  constructor(private readonly options: DeviceStreamOptions) {}

  subscribe(deviceId: number | 'all', fn: DeviceEventListener): () => void {
    let set = this.listeners.get(deviceId);
    if (!set) {
      set = new Set();
      this.listeners.set(deviceId, set);
    }
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(deviceId);
    };
  }

  onState(fn: (state: StreamState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  /** Called each time the link comes up, `connections` counting it (also when it stayed 'live'). */
  onConnected(fn: (connections: number) => void): () => void {
    this.connectedListeners.add(fn);
    return () => this.connectedListeners.delete(fn);
  }

  get running(): boolean {
    return this.stopper !== null;
  }

  start(): void {
    if (this.stopper) return;
    const stopper = new AbortController();
    this.stopper = stopper;
    void this.run(stopper.signal);
  }

  stop(): void {
    this.stopper?.abort();
    this.stopper = null;
    this.setState('offline');
  }

  private setState(state: StreamState): void {
    if (state === this.state) return;
    this.state = state;
    for (const fn of this.stateListeners) fn(state);
  }

  private dispatch(event: DeviceStreamEvent): void {
    for (const key of [event.deviceId, 'all'] as const) {
      for (const fn of this.listeners.get(key) ?? []) {
        try {
          fn(event);
        } catch {
          // One screen's failing listener must not stop the others from updating.
        }
      }
    }
  }

  private async run(stopped: AbortSignal): Promise<void> {
    const fetchImpl = this.options.fetchImpl ?? fetch;
    const sleep = this.options.sleep ?? defaultSleep;
    // One immediate retry per refresh: a token refused again right after a refresh waits like any failure.
    let refreshed = false;
    while (!stopped.aborted) {
      // Reconnecting with a refreshed token keeps showing 'live': the gap is a few hundred milliseconds.
      if (this.state !== 'live') this.setState('connecting');
      const outcome = await this.connectOnce(fetchImpl, stopped);
      if (stopped.aborted) return;
      if (outcome === 'expired' && !refreshed && (await this.options.refresh?.())) {
        refreshed = true;
        continue;
      }
      refreshed = false;
      this.setState('offline');
      await sleep(backoffMs(this.attempt, this.options.random), stopped);
      this.attempt += 1;
    }
  }

  /**
   * One connection, until it ends or fails: 'expired' when the server ended it at the token's expiry or
   * refused the token as expired, 'ended' / 'failed' otherwise.
   */
  private async connectOnce(
    fetchImpl: typeof fetch,
    stopped: AbortSignal,
  ): Promise<'expired' | 'ended' | 'failed'> {
    const link = new AbortController();
    let reader: ReadableStreamDefaultReader<string> | undefined;
    // Aborting fetch ends a real body; cancelling the reader too makes sure a pending read() returns.
    const abort = () => {
      link.abort();
      void reader?.cancel().catch(() => undefined);
    };
    stopped.addEventListener('abort', abort, { once: true });
    const idleMs = this.options.idleTimeoutMs ?? 45_000;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(abort, idleMs);
    };
    try {
      const headers = new Headers({ Accept: 'text/event-stream' });
      const token = this.options.token();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const language = this.options.language?.();
      if (language) headers.set('Accept-Language', language);
      touch();
      const res = await fetchImpl(this.options.url, { headers, signal: link.signal, cache: 'no-store' });
      if (res.status === 401 && (await isExpiredAnswer(res))) return 'expired';
      if (!res.ok || !res.body) return 'failed';
      this.attempt = 0;
      this.connections += 1;
      this.setState('live');
      for (const fn of this.connectedListeners) fn(this.connections);
      reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      let endReason: string | undefined;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return endReason === 'expired' ? 'expired' : 'ended';
        touch();
        for (const message of parser.push(value)) {
          if (message.event === 'end') endReason = streamEndReason(message.data);
          const event = toDeviceEvent(message);
          if (event) this.dispatch(event);
        }
      }
    } catch {
      // Network drop, abort or a broken body: the caller backs off and reconnects.
      return 'failed';
    } finally {
      clearTimeout(idle);
      stopped.removeEventListener('abort', abort);
      abort();
    }
  }
}

// ---- one stream per tenant, shared ----

interface Shared {
  stream: DeviceStream;
  users: number;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
}

const shared = new Map<number, Shared>();
/** Keeps the link through quick unmount / mount cycles (tab switches, dialogs). */
const LINGER_MS = 5_000;

export const deviceStreamUrl = (tenantId: number): string => `/wfpe/v1/${tenantId}/device/stream`;

/** Takes the tenant's stream (started on first use); call the returned release when done. */
export const acquireDeviceStream = (
  tenantId: number,
  make: (tenantId: number) => DeviceStream,
): { stream: DeviceStream; release: () => void } => {
  let entry = shared.get(tenantId);
  if (!entry) {
    entry = { stream: make(tenantId), users: 0, closeTimer: undefined };
    shared.set(tenantId, entry);
  }
  const held = entry;
  clearTimeout(held.closeTimer);
  held.users += 1;
  held.stream.start();
  let released = false;
  return {
    stream: held.stream,
    release: () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      held.closeTimer = setTimeout(() => {
        if (held.users > 0) return;
        held.stream.stop();
        shared.delete(tenantId);
      }, LINGER_MS);
    },
  };
};

/** The tenant's running stream, if a screen holds it (for subscribing without owning the link). */
export const peekDeviceStream = (tenantId: number): DeviceStream | undefined => shared.get(tenantId)?.stream;

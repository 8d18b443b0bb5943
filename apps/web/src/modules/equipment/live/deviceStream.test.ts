import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';
import { describe, expect, it } from 'vitest';
import { acquireDeviceStream, DeviceStream, type StreamState } from './deviceStream';

const streamOf = (chunks: string[], hold = false): ReadableStream<Uint8Array> => {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(enc.encode(c));
      if (!hold) controller.close();
    },
  });
};

const waitFor = async (check: () => boolean, ms = 2000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

const tele = (deviceId: number, v: number) =>
  `event: telemetry\ndata: ${JSON.stringify({ type: 'telemetry', deviceId, ts: '2025-01-01T00:00:00Z', values: { t: v } })}\n\n`;

describe('DeviceStream', () => {
  it('sends the token, routes events by device and reconnects after a drop and a failure', async () => {
    const calls: { auth: string | null }[] = [];
    let token = 'one';
    const answers = [
      () => new Response(streamOf([tele(1, 1), tele(2, 2)]), { status: 200 }),
      () => new Response('no', { status: 503 }),
      () => new Response(streamOf([tele(1, 3)], true), { status: 200 }),
    ];
    const fetchImpl: typeof fetch = async (_url, init) => {
      calls.push({ auth: new Headers(init?.headers).get('Authorization') });
      token = 'two';
      const next = answers.shift();
      if (!next) throw new Error('no more');
      return next();
    };
    const sleeps: number[] = [];
    const s = new DeviceStream({
      url: '/x',
      token: () => token,
      fetchImpl,
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const one: DeviceStreamEvent[] = [];
    const all: DeviceStreamEvent[] = [];
    const states: StreamState[] = [];
    s.subscribe(1, (e) => one.push(e));
    s.subscribe('all', (e) => all.push(e));
    s.subscribe(1, () => {
      throw new Error('a broken listener');
    });
    s.onState((st) => states.push(st));
    s.start();
    await waitFor(() => one.length === 2);
    expect(all).toHaveLength(3);
    expect(calls.map((c) => c.auth)).toEqual(['Bearer one', 'Bearer two', 'Bearer two']);
    // Drop after a good link: the wait starts again from 1 s; after the 503: 2 s.
    expect(sleeps).toEqual([1000, 2000]);
    expect(s.state).toBe('live');
    expect(s.connections).toBe(2);
    expect(states).toContain('offline');
    s.stop();
    expect(s.state).toBe('offline');
    expect(s.running).toBe(false);
  });

  it('reconnects when the link goes silent past the idle timeout', async () => {
    let opened = 0;
    const s = new DeviceStream({
      url: '/x',
      token: () => null,
      idleTimeoutMs: 30,
      sleep: async () => undefined,
      fetchImpl: async () => {
        opened += 1;
        return new Response(streamOf([': hi\n\n'], true), { status: 200 });
      },
    });
    s.start();
    await waitFor(() => opened >= 2);
    s.stop();
  });

  it('refreshes the token and reconnects at once when the server ends the stream at its expiry', async () => {
    let token = 'old';
    const calls: (string | null)[] = [];
    const expired = () =>
      new Response(JSON.stringify({ failed: true, code: 'error.permission.accessTokenExpired' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    const answers = [
      // The server's last words at the token's expiry.
      () =>
        new Response(streamOf([tele(1, 1), 'event: end\ndata: {"reason":"expired"}\n\n']), { status: 200 }),
      () => new Response(streamOf([tele(1, 2)], true), { status: 200 }),
    ];
    const fetchImpl: typeof fetch = async (_url, init) => {
      const auth = new Headers(init?.headers).get('Authorization');
      calls.push(auth);
      if (auth === 'Bearer old' && calls.length > 1) return expired();
      const next = answers.shift();
      if (!next) throw new Error('no more');
      return next();
    };
    let refreshes = 0;
    const sleeps: number[] = [];
    const connected: number[] = [];
    const states: StreamState[] = [];
    const s = new DeviceStream({
      url: '/x',
      token: () => token,
      refresh: async () => {
        refreshes += 1;
        token = 'fresh';
        return true;
      },
      fetchImpl,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const got: DeviceStreamEvent[] = [];
    s.subscribe(1, (e) => got.push(e));
    s.onConnected((n) => connected.push(n));
    s.onState((st) => states.push(st));
    s.start();
    await waitFor(() => got.length === 2);
    expect(calls).toEqual(['Bearer old', 'Bearer fresh']);
    expect(refreshes).toBe(1);
    // No back-off wait and no 'offline' / 'connecting' flicker: the indicator stays live.
    expect(sleeps).toEqual([]);
    expect(states).toEqual(['connecting', 'live']);
    // The second link counts as a reconnection, so screens refetch what they may have missed.
    expect(connected).toEqual([1, 2]);
    s.stop();
  });

  it('refreshes when an expired token is refused, and backs off when the refresh fails', async () => {
    let token = 'old';
    const calls: (string | null)[] = [];
    const fetchImpl: typeof fetch = async (_url, init) => {
      const auth = new Headers(init?.headers).get('Authorization');
      calls.push(auth);
      if (auth === 'Bearer fresh') return new Response(streamOf([tele(1, 1)], true), { status: 200 });
      return new Response(JSON.stringify({ code: 'error.permission.accessTokenExpired' }), { status: 401 });
    };
    const results = [false, true];
    const sleeps: number[] = [];
    const s = new DeviceStream({
      url: '/x',
      token: () => token,
      refresh: async () => {
        const ok = results.shift() ?? false;
        if (ok) token = 'fresh';
        return ok;
      },
      fetchImpl,
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    s.start();
    await waitFor(() => s.state === 'live');
    // Refused, refresh failed: back off (1 s); refused again, refreshed: straight back in.
    expect(calls).toEqual(['Bearer old', 'Bearer old', 'Bearer fresh']);
    expect(sleeps).toEqual([1000]);
    s.stop();
  });

  it('is shared per tenant and closes after the last user leaves', async () => {
    let made = 0;
    const make = () => {
      made += 1;
      return new DeviceStream({
        url: '/x',
        token: () => null,
        sleep: (_ms, signal) => new Promise((r) => signal.addEventListener('abort', () => r())),
        fetchImpl: async () => new Response('x', { status: 500 }),
      });
    };
    const a = acquireDeviceStream(9001, make);
    const b = acquireDeviceStream(9001, make);
    expect(made).toBe(1);
    expect(a.stream).toBe(b.stream);
    a.release();
    a.release();
    expect(a.stream.running).toBe(true);
    b.release();
    expect(a.stream.running).toBe(true); // lingers a moment for a quick remount
  });
});

import { describe, expect, it } from 'vitest';
import { TenantQueueRunner } from '../queue-runner.js';

// The shared runner of claimed background jobs: one at a time, tenant by tenant, a sweep over every
// tenant, lost races skipped, and stop waiting for the job under way after interrupting it.

class Runner extends TenantQueueRunner<string> {
  readonly done: string[] = [];
  interrupted = 0;
  release: (() => void) | undefined;
  constructor(
    private readonly queues: Map<number, (string | null)[]>,
    private readonly hold = false,
  ) {
    super(
      'test',
      async () => [...queues.keys()],
      () => console,
    );
  }
  protected async claim(tenantId: number) {
    const q = this.queues.get(tenantId) ?? [];
    return q.length ? q.shift() : undefined;
  }
  protected async run(job: string) {
    if (this.hold) await new Promise<void>((r) => (this.release = r));
    this.done.push(job);
  }
  protected override interrupt() {
    this.interrupted += 1;
    this.release?.();
  }
}

describe('TenantQueueRunner', () => {
  it("works through one tenant's jobs in order when kicked for it, skipping lost races", async () => {
    const r = new Runner(
      new Map([
        [1, ['a', null, 'b']],
        [2, ['x']],
      ]),
    );
    await r.kick(1);
    expect(r.done).toEqual(['a', 'b']);
  });

  it('a sweep takes every tenant', async () => {
    const r = new Runner(
      new Map([
        [1, ['a']],
        [2, ['x', 'y']],
      ]),
    );
    await r.kick();
    expect(r.done.sort()).toEqual(['a', 'x', 'y']);
  });

  it('a kick while busy joins the running drain instead of starting a second one', async () => {
    const r = new Runner(
      new Map([
        [1, ['a']],
        [2, ['x']],
      ]),
      true,
    );
    const first = r.kick(1);
    await new Promise((res) => setTimeout(res, 5));
    const second = r.kick(2);
    r.release?.();
    await new Promise((res) => setTimeout(res, 5));
    r.release?.();
    await Promise.all([first, second]);
    expect(r.done).toEqual(['a', 'x']);
  });

  it('stop interrupts the job under way, waits for it, and takes no more', async () => {
    const r = new Runner(new Map([[1, ['a', 'b']]]), true);
    const running = r.kick(1);
    await new Promise((res) => setTimeout(res, 5));
    await r.stop();
    await running;
    expect(r.interrupted).toBe(1);
    expect(r.done).toEqual(['a']);
    await r.kick(1);
    expect(r.done).toEqual(['a']);
  });
});

import { describe, expect, it } from 'vitest';
import { Semaphore } from '../semaphore.js';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('Semaphore', () => {
  it('runs at most `slots` tasks at once; the rest start in arrival order as slots free', async () => {
    const sem = new Semaphore(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      sem.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    const settled = Promise.allSettled(runs);
    await tick();
    expect(started).toEqual([0, 1]);
    expect([sem.active, sem.waiting]).toEqual([2, 3]);
    gates[1]?.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(sem.active).toBe(2);
    gates[0]?.reject(new Error('boom'));
    await tick();
    // A failed task gives its slot back too.
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.resolve();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect([sem.active, sem.waiting, sem.peak]).toEqual([0, 0, 2]);
  });

  it('refuses a size below one', () => {
    expect(() => new Semaphore(0)).toThrow();
  });
});

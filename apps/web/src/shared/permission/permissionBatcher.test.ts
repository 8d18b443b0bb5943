import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allApproved, type CheckAnswer, createPermissionBatcher } from './permissionBatcher';

const server = (approved: string[]) =>
  vi.fn(
    async (codes: string[]): Promise<CheckAnswer> =>
      codes.map((code) => ({ code, approve: approved.includes(code) })),
  );

describe('permission batching', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the codes asked within 300 ms in one request', async () => {
    const fetch = server(['a', 'c']);
    const batcher = createPermissionBatcher(fetch);
    const first = batcher.check(['a', 'b']);
    await vi.advanceTimersByTimeAsync(200);
    const second = batcher.check(['b', 'c']);
    await vi.advanceTimersByTimeAsync(299);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0].sort()).toEqual(['a', 'b', 'c']);
    expect(await first).toEqual({ a: true, b: false });
    expect(await second).toEqual({ b: false, c: true });
  });

  it('answers from the cache without asking again', async () => {
    const fetch = server(['a']);
    const batcher = createPermissionBatcher(fetch);
    const first = batcher.check(['a']);
    await vi.advanceTimersByTimeAsync(300);
    await first;
    expect(batcher.peek(['a'])).toEqual({ a: true });
    expect(await batcher.check(['a'])).toEqual({ a: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('splits more than 200 codes into several requests', async () => {
    const fetch = server([]);
    const batcher = createPermissionBatcher(fetch);
    const codes = Array.from({ length: 450 }, (_, i) => `c${i}`);
    const pending = batcher.check(codes);
    await vi.advanceTimersByTimeAsync(300);
    await pending;
    expect(fetch.mock.calls.map((c) => c[0].length)).toEqual([200, 200, 50]);
  });

  it('does not cache a failed check, and reset forgets every answer', async () => {
    const fetch = vi.fn<(codes: string[]) => Promise<CheckAnswer>>().mockRejectedValueOnce(new Error('down'));
    fetch.mockImplementation(async (codes) => codes.map((code) => ({ code, approve: true })));
    const batcher = createPermissionBatcher(fetch);
    const failed = batcher.check(['a']);
    const caught = expect(failed).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(300);
    await caught;
    expect(batcher.peek(['a'])).toBeUndefined();
    const retried = batcher.check(['a']);
    await vi.advanceTimersByTimeAsync(300);
    expect(await retried).toEqual({ a: true });
    batcher.reset();
    expect(batcher.peek(['a'])).toBeUndefined();
  });

  it('an empty list of codes is allowed; otherwise every code must be approved', () => {
    expect(allApproved([], {})).toBe(true);
    expect(allApproved(['a', 'b'], { a: true, b: true })).toBe(true);
    expect(allApproved(['a', 'b'], { a: true, b: false })).toBe(false);
  });
});

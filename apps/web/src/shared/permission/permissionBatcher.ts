// Permission checks (spec 01 §6): codes asked for by many guards within 300 ms go to the server in one
// request, and every answer is cached until the session or the tenant changes.

export type CheckAnswer = readonly { code: string; approve: boolean }[];
export type CheckFn = (codes: string[]) => Promise<CheckAnswer>;

export interface PermissionBatcher {
  /** Approval of each code, from the cache or the next batch. */
  check(codes: readonly string[]): Promise<Record<string, boolean>>;
  /** The cached answer when every code is cached, otherwise undefined. */
  peek(codes: readonly string[]): Record<string, boolean> | undefined;
  /** Forgets every answer; batches still in flight are not stored. */
  reset(): void;
}

export interface BatcherOptions {
  delayMs?: number;
  /** The server checks at most 200 codes per request. */
  maxBatch?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const PERMISSION_DEBOUNCE_MS = 300;

interface Batch {
  codes: Set<string>;
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

const newBatch = (): Batch => {
  let resolve: () => void = () => undefined;
  let reject: (err: unknown) => void = () => undefined;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failed batch is reported to its callers; this keeps it from also counting as unhandled.
  done.catch(() => undefined);
  return { codes: new Set(), done, resolve, reject };
};

export const createPermissionBatcher = (
  fetchCodes: CheckFn,
  options: BatcherOptions = {},
): PermissionBatcher => {
  const delayMs = options.delayMs ?? PERMISSION_DEBOUNCE_MS;
  const maxBatch = options.maxBatch ?? 200;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));

  const cache = new Map<string, boolean>();
  /** Codes already asked for, by the batch that carries them. */
  const asked = new Map<string, Batch>();
  let batch: Batch | null = null;
  let timer: unknown;
  let generation = 0;

  const flush = async (current: Batch): Promise<void> => {
    batch = null;
    timer = undefined;
    const gen = generation;
    const codes = [...current.codes];
    try {
      for (let i = 0; i < codes.length; i += maxBatch) {
        const chunk = codes.slice(i, i + maxBatch);
        const answer = await fetchCodes(chunk);
        const approved = new Set(answer.filter((a) => a.approve).map((a) => a.code));
        if (gen === generation) for (const code of chunk) cache.set(code, approved.has(code));
      }
      current.resolve();
    } catch (err) {
      current.reject(err);
    } finally {
      for (const code of codes) if (asked.get(code) === current) asked.delete(code);
    }
  };

  const pick = (codes: readonly string[]): Record<string, boolean> =>
    Object.fromEntries(codes.map((c) => [c, cache.get(c) === true]));

  return {
    peek: (codes) => (codes.every((c) => cache.has(c)) ? pick(codes) : undefined),

    async check(codes) {
      const waits = new Set<Promise<void>>();
      let added = false;
      for (const code of codes) {
        if (cache.has(code)) continue;
        const carrier = asked.get(code);
        if (carrier) {
          waits.add(carrier.done);
          continue;
        }
        batch ??= newBatch();
        batch.codes.add(code);
        asked.set(code, batch);
        waits.add(batch.done);
        added = true;
      }
      if (added && batch) {
        // Debounce: each new code pushes the request back, so a screen's guards share one request.
        if (timer !== undefined) clearTimer(timer);
        const current = batch;
        timer = setTimer(() => void flush(current), delayMs);
      }
      await Promise.all(waits);
      return pick(codes);
    },

    reset() {
      generation++;
      cache.clear();
    },
  };
};

/** All of the codes approved; an empty list means allowed (spec 01 §6). */
export const allApproved = (codes: readonly string[], answer: Record<string, boolean>): boolean =>
  codes.every((c) => answer[c] === true);

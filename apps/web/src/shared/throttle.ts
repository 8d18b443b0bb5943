/** A gate that opens at most once per interval: `() => true` when the caller may act now. */
export const createThrottle = (intervalMs: number, now: () => number = () => Date.now()): (() => boolean) => {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    return true;
  };
};

import { useRef, useState } from 'react';
import { singleFlight } from './approvalModel';

/**
 * `fn` guarded for the component's life: a call while the previous one runs is ignored, whatever
 * re-renders happen in between (the guard is made once; it always runs the latest `fn`).
 */
export function useSingleFlight<A extends unknown[]>(fn: (...args: A) => Promise<void>) {
  const latest = useRef(fn);
  latest.current = fn;
  const [guarded] = useState(() => singleFlight((...args: A) => latest.current(...args)));
  return guarded;
}

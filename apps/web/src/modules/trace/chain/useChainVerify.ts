import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { type ChainVerification, chainApi, chainKeys } from './chain.api';

/**
 * Runs a verification through its time-bounded slices (POST …/verify, then with runId while it is
 * running), exposing the run as it goes so the page shows its progress. Stops when the page leaves.
 */
export function useChainVerify(tenantId: number) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ChainVerification | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  const start = useCallback(async () => {
    alive.current = true;
    setBusy(true);
    try {
      let r = await chainApi.verify(tenantId, {});
      setRun(r);
      while (r.status === 'running' && alive.current) {
        r = await chainApi.verify(tenantId, { runId: r.id });
        setRun(r);
      }
    } catch {
      // The API client showed the reason.
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: chainKeys.summary(tenantId) });
    }
  }, [tenantId, queryClient]);
  const stop = useCallback(() => {
    alive.current = false;
  }, []);
  return { run, busy, start, stop };
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useMessage } from '../FeedbackProvider';

export interface SubmitState {
  /** True while a save runs (the modal's confirmLoading). */
  busy: boolean;
  /** Runs `save`; on success refreshes `queryKey`, shows `success` and calls `onDone`. */
  run: (save: () => Promise<unknown>, success: string) => Promise<void>;
}

/**
 * The save of a form modal or drawer. A failed save does nothing more: the API client has already shown
 * the server's message (duplicate name, stale version …) and the form stays open for another try.
 */
export function useSubmit(queryKey: readonly unknown[] | null, onDone: () => void): SubmitState {
  const queryClient = useQueryClient();
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const run = async (save: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await save();
      if (queryKey) await queryClient.invalidateQueries({ queryKey: [...queryKey] });
      message.success(success);
      onDone();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

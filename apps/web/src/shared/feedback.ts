import type { MessageInstance } from 'antd/es/message/interface';
import { createThrottle } from './throttle';
import { toastError } from './toast';

// Global notices (API errors) are raised outside React; the app hands over antd's context-aware message
// instance once it is mounted (see app/App.tsx).
let messageApi: MessageInstance | null = null;

export const setMessageApi = (api: MessageInstance | null): void => {
  messageApi = api;
};

/** Spec 01 §8: global notices at most one per second, each shown for 3 seconds. */
export const NOTICE_INTERVAL_MS = 1000;
export const NOTICE_SECONDS = 3;

const mayNotify = createThrottle(NOTICE_INTERVAL_MS);

export const notifyError = (text: string): void => {
  if (!text || !mayNotify()) return;
  // No antd holder mounted (the sign-in page loads no antd): the look-alike toast.
  if (messageApi) void messageApi.error({ content: text, duration: NOTICE_SECONDS, key: 'global-error' });
  else toastError(text, { seconds: NOTICE_SECONDS, key: 'global-error' });
};

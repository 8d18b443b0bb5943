import message from 'antd/es/message';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { setMessageApi } from './feedback';

const MessageContext = createContext<MessageInstance | null>(null);

/**
 * The console's message toasts, themed by the surrounding ConfigProvider. Lighter than antd's App
 * component (no modal and notification code on the sign-in route); the shell adds antd's App for pages
 * that want App.useApp().
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    setMessageApi(api);
    return () => setMessageApi(null);
  }, [api]);
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

/** Success / error / info toasts of a screen. */
export const useMessage = (): MessageInstance => {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage outside FeedbackProvider');
  return api;
};

import { QueryClientProvider } from '@tanstack/react-query';
import AntdApp from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { setMessageApi } from '../shared/feedback';
import { queryClient } from './queryClient';
import { router } from './router';

/** Hands antd's context-aware message API to the global error notices (shared/feedback.ts). */
function MessageBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

export function App() {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={i18n.language === 'en-US' ? enUS : zhCN}
        theme={{ token: { colorPrimary: '#1b9961', borderRadius: 8, fontFamily: FONT } }}
      >
        <AntdApp message={{ maxCount: 3 }}>
          <MessageBridge />
          <RouterProvider router={router} />
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { FeedbackProvider } from '../shared/FeedbackProvider';
import { queryClient } from './queryClient';
import { AppRoutes } from './router';

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
        <FeedbackProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

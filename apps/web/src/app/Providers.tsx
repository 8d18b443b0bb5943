import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackProvider } from '../shared/FeedbackProvider';
import { queryClient } from './queryClient';

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

/**
 * Whether the system asks for less motion (an accessibility setting): antd then opens and closes dialogs,
 * menus and popovers without animating them. Read once; the e2e browser asks for it too, so no click
 * lands on a dialog still zooming in.
 */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** antd's theme (the brand's green, radius, font, motion) and locale. */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      theme={{
        token: { colorPrimary: '#1b9961', borderRadius: 8, fontFamily: FONT, motion: !reducedMotion },
      }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * What every screen but the sign-in page renders in: the query cache, antd's theme and the message
 * toasts. Its own chunk, loaded by App for the first screen that needs it (app/App.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdTheme>
        <FeedbackProvider>{children}</FeedbackProvider>
      </AntdTheme>
    </QueryClientProvider>
  );
}

/** The query cache and antd's theme, for a part of the sign-in page that uses them (the login banners). */
export function QueryAndTheme({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdTheme>{children}</AntdTheme>
    </QueryClientProvider>
  );
}

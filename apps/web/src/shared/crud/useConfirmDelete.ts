import App from 'antd/es/app';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../FeedbackProvider';

export interface ConfirmDeleteOptions {
  /** A line under the question (what goes with it, what to do instead). */
  content?: ReactNode;
  width?: number;
}

/** Asks before deleting `name`, runs `remove`, then reports and runs `after` (the list's refresh). */
export const useConfirmDelete = () => {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const message = useMessage();
  return (
    name: string,
    remove: () => Promise<unknown>,
    after: () => Promise<unknown>,
    { content, width = 330 }: ConfirmDeleteOptions = {},
  ) => {
    modal.confirm({
      title: t('common:confirm.delete', { name }),
      content,
      width,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await remove();
          message.success(t('common:message.deleted'));
          await after();
        } catch {
          // The server's reason (still in use, stale version …) was shown by the API client.
        }
      },
    });
  };
};

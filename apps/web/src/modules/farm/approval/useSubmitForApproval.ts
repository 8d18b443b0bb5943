import App from 'antd/es/app';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';

/**
 * Confirms, then sends a draft or rejected document into approval. Resolves once the dialog is done
 * (sent, failed — the API client shows the server's message — or cancelled), so the caller refreshes.
 */
export function useSubmitForApproval() {
  const { modal } = App.useApp();
  const message = useMessage();
  const { t } = useTranslation('farm');
  return (name: string, send: () => Promise<unknown>): Promise<void> =>
    new Promise((resolve) => {
      modal.confirm({
        title: t('farm:approval.submit'),
        content: t('farm:approval.submitConfirm', { name }),
        onOk: async () => {
          try {
            await send();
            message.success(t('farm:approval.submitted'));
          } catch {
            // Shown by the API client.
          }
          resolve();
        },
        onCancel: () => resolve(),
      });
    });
}

import App from 'antd/es/app';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';

/** The enabled flag as a tag. */
export function EnabledTag({ flag }: { flag: number }) {
  const { t } = useTranslation('systemCatalogue');
  return flag === 1 ? <Tag color="green">{t('enabled.1')}</Tag> : <Tag>{t('enabled.0')}</Tag>;
}

/** Asks before deleting `name`, runs `remove`, then reports and refreshes. */
export const useConfirmDelete = () => {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const message = useMessage();
  return (name: string, remove: () => Promise<unknown>, after: () => Promise<unknown>) => {
    modal.confirm({
      title: t('common:confirm.delete', { name }),
      width: 330,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await remove();
          message.success(t('common:message.deleted'));
          await after();
        } catch {
          // The server's reason (still in use …) was shown by the API client.
        }
      },
    });
  };
};

export const ENABLED_OPTIONS = [1, 0] as const;

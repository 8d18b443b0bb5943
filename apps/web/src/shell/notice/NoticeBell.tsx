import BellOutlined from '@ant-design/icons/BellOutlined';
import Badge from 'antd/es/badge';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../../shared/permission/PermissionGuard';

/**
 * The notice bell in the shell's header, for holders of wfpf.farm.user.ps.notice-message. It is the mount
 * point of the notice centre (spec 01 §2.12): the unread count, the notice modal and the latest
 * announcement are built with the notice issue, inside this component, without changes to the layouts.
 */
export function NoticeBell() {
  const { t } = useTranslation('shell');
  return (
    <PermissionGuard codes={['wfpf.farm.user.ps.notice-message']}>
      <Badge count={0} size="small" offset={[-4, 4]}>
        <button
          type="button"
          className="tl-icon-button"
          aria-label={t('notice.label')}
          title={t('notice.label')}
        >
          <BellOutlined />
        </button>
      </Badge>
    </PermissionGuard>
  );
}

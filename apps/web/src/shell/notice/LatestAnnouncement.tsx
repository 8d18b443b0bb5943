import Tag from 'antd/es/tag';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../../shared/permission/PermissionGuard';
import { LOCAL_KEYS, local } from '../../shared/storage';
import { NoticeDetailModal } from './NoticeDetailModal';
import { noticeApi } from './notice.api';
import { ANNOUNCEMENT_MODAL_WIDTH, NOTICE_PERMISSION, type NoticeTarget } from './noticeModel';

export interface LatestAnnouncementProps {
  tenantId: number;
}

/** Spec 01 §4: the flag the sign-in sets ('true') so the newest announcement is offered once. */
const NOTICE_FLAG_ON = 'true';
const NOTICE_FLAG_OFF = 'false';

function LatestAnnouncementModal({ tenantId }: LatestAnnouncementProps) {
  const { t } = useTranslation('notice');
  const [target, setTarget] = useState<NoticeTarget | null>(null);

  useEffect(() => {
    if (local.get(LOCAL_KEYS.noticeToken) !== NOTICE_FLAG_ON) return;
    let cancelled = false;
    noticeApi.latestAnnouncement(tenantId).then(
      (page) => {
        if (cancelled) return;
        const newest = page.content[0];
        if (newest && newest.readFlag === 0)
          setTarget({ kind: 'announce', id: newest.noticeId, unread: true });
        else local.set(LOCAL_KEYS.noticeToken, NOTICE_FLAG_OFF);
      },
      // The API client has reacted; the flag stays, so the next visit tries again.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [tenantId]);

  const close = () => {
    local.set(LOCAL_KEYS.noticeToken, NOTICE_FLAG_OFF);
    setTarget(null);
  };

  return (
    <NoticeDetailModal
      tenantId={tenantId}
      target={target}
      onClose={close}
      width={ANNOUNCEMENT_MODAL_WIDTH}
      badge={
        <Tag color="red" variant="filled" className="tl-notice-detail__badge">
          {t('notice.latest')}
        </Tag>
      }
      closeText={t('notice.latest.ok')}
    />
  );
}

/**
 * The latest announcement (spec 01 §4), mounted once by the shell: after sign-in (local notice_token
 * 'true') the newest published announcement opens by itself when it is unread (780 wide) and is marked
 * read; closing it sets notice_token to 'false', as does finding nothing unread.
 */
export function LatestAnnouncement({ tenantId }: LatestAnnouncementProps) {
  return (
    <PermissionGuard codes={[NOTICE_PERMISSION]}>
      <Suspense fallback={null}>
        <LatestAnnouncementModal tenantId={tenantId} />
      </Suspense>
    </PermissionGuard>
  );
}

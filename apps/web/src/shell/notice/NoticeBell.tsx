import BellOutlined from '@ant-design/icons/BellOutlined';
import Badge from 'antd/es/badge';
import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../../shared/permission/PermissionGuard';
import { ShellContext } from '../ShellContext';
import { useApprovalCounts } from './approval.api';
import { withApprovalCounts } from './approvalModel';
import { LatestAnnouncement } from './LatestAnnouncement';
import { useUnreadCounts } from './notice.api';
import { initialTab, NOTICE_PERMISSION, type NoticeTab, unreadTotal } from './noticeModel';
import './notice.css';

// The centre (tabs, approval tables, the delegation form's date picker) comes with the first click on the
// bell, not with the shell.
const NoticeCenter = lazy(() => import('./NoticeCenter').then((m) => ({ default: m.NoticeCenter })));

export interface NoticeBellProps {
  /** The current tenant; defaults to the shell's. */
  tenantId?: number;
  /**
   * Also mount the latest-announcement check (spec 01 §4) here. Default true: the bell is mounted once
   * per shell. Pass false when the shell mounts <LatestAnnouncement> itself.
   */
  withLatest?: boolean;
}

function Bell({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation('notice');
  const approvalCounts = useApprovalCounts(tenantId);
  const unreadCounts = useUnreadCounts(tenantId);
  const counts = withApprovalCounts(unreadCounts.data, approvalCounts.data);
  const total = unreadTotal(counts);
  // undefined: never opened, so the centre is not loaded yet.
  const [open, setOpen] = useState<boolean>();
  const [tab, setTab] = useState<NoticeTab>('ANNOUNCE');
  const label = total > 0 ? t('notice.bell.unread', { count: total }) : t('notice.bell');
  return (
    <>
      <Badge count={total} size="small" offset={[-4, 4]} overflowCount={99}>
        <button
          type="button"
          className="tl-icon-button"
          aria-label={label}
          title={label}
          aria-haspopup="dialog"
          onClick={() => {
            setTab(initialTab(counts));
            setOpen(true);
            // What arrived since the last poll (a task assigned a moment ago) shows on the tabs at once.
            void approvalCounts.refetch();
            void unreadCounts.refetch();
          }}
        >
          <BellOutlined />
        </button>
      </Badge>
      {open === undefined ? null : (
        <Suspense fallback={null}>
          <NoticeCenter
            tenantId={tenantId}
            open={open}
            onClose={() => setOpen(false)}
            tab={tab}
            onTabChange={setTab}
            counts={counts}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The notice bell (spec 01 §2.10, §2.12) for holders of wfpf.farm.user.ps.notice-message: the unread
 * badge (notices plus my pending approvals and unread CC, refreshed every minute and after reads and decisions), the notice centre and the latest announcement.
 */
export function NoticeBell({ tenantId, withLatest = true }: NoticeBellProps) {
  const shell = useContext(ShellContext);
  const tenant = tenantId ?? shell?.tenantId;
  if (tenant === undefined || tenant < 0) return null;
  return (
    <>
      <PermissionGuard codes={[NOTICE_PERMISSION]}>
        <Suspense fallback={null}>
          <Bell tenantId={tenant} />
        </Suspense>
      </PermissionGuard>
      {withLatest ? <LatestAnnouncement tenantId={tenant} /> : null}
    </>
  );
}

import BellOutlined from '@ant-design/icons/BellOutlined';
import Badge from 'antd/es/badge';
import { Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../../shared/permission/PermissionGuard';
import { ShellContext } from '../ShellContext';
import { useApprovalCounts } from './approval.api';
import { withApprovalCounts } from './approvalModel';
import { LatestAnnouncement } from './LatestAnnouncement';
import { NoticeCenter } from './NoticeCenter';
import { useUnreadCounts } from './notice.api';
import { initialTab, NOTICE_PERMISSION, type NoticeTab, unreadTotal } from './noticeModel';
import './notice.css';

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
  const [open, setOpen] = useState(false);
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
      <NoticeCenter
        tenantId={tenantId}
        open={open}
        onClose={() => setOpen(false)}
        tab={tab}
        onTabChange={setTab}
        counts={counts}
      />
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

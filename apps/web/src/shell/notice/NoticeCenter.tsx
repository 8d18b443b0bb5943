import Badge from 'antd/es/badge';
import Modal from 'antd/es/modal';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalPanel } from './ApprovalPanel';
import { NoticeDetailModal } from './NoticeDetailModal';
import { NoticeList } from './NoticeList';
import { NOTICE_MODAL_WIDTH, type NoticeTab, type NoticeTarget, type UnreadCounts } from './noticeModel';

export interface NoticeCenterProps {
  tenantId: number;
  open: boolean;
  onClose: () => void;
  tab: NoticeTab;
  onTabChange: (tab: NoticeTab) => void;
  counts: UnreadCounts | undefined;
}

const TabLabel = ({ text, count }: { text: string; count: number }) => (
  <span className="tl-notice-center__tab">
    {text}
    <Badge count={count} size="small" overflowCount={99} />
  </span>
);

/**
 * The notice modal (spec 01 §2.12, 1040 wide): approvals, platform announcements and system
 * notifications, with the detail modal above it.
 */
export function NoticeCenter({ tenantId, open, onClose, tab, onTabChange, counts }: NoticeCenterProps) {
  const { t } = useTranslation('notice');
  const [target, setTarget] = useState<NoticeTarget | null>(null);
  return (
    <>
      <Modal
        open={open}
        width={NOTICE_MODAL_WIDTH}
        title={t('notice.title')}
        footer={null}
        destroyOnHidden
        onCancel={onClose}
        className="tl-notice-center"
      >
        <Tabs
          activeKey={tab}
          onChange={(key) => onTabChange(key as NoticeTab)}
          items={[
            {
              key: 'APPROVE',
              label: <TabLabel text={t('notice.tab.approve')} count={counts?.approve ?? 0} />,
              children: <ApprovalPanel tenantId={tenantId} onClose={onClose} />,
            },
            {
              key: 'ANNOUNCE',
              label: <TabLabel text={t('notice.tab.announce')} count={counts?.announce ?? 0} />,
              children: (
                <NoticeList
                  tenantId={tenantId}
                  kind="announce"
                  unread={counts?.announce ?? 0}
                  onOpen={setTarget}
                />
              ),
            },
            {
              key: 'NOTIFY',
              label: <TabLabel text={t('notice.tab.notify')} count={counts?.notify ?? 0} />,
              children: (
                <NoticeList
                  tenantId={tenantId}
                  kind="notify"
                  unread={counts?.notify ?? 0}
                  onOpen={setTarget}
                />
              ),
            },
          ]}
        />
      </Modal>
      <NoticeDetailModal tenantId={tenantId} target={target} onClose={() => setTarget(null)} />
    </>
  );
}

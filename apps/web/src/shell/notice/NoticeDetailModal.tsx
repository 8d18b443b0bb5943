import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { type ReactNode, type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/client';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { downloadAttachment } from './download';
import { useNoticeDetail } from './notice.api';
import {
  formatNoticeTime,
  NOTICE_DETAIL_WIDTH,
  type NoticeAttachment,
  type NoticeTarget,
  type NoticeView,
} from './noticeModel';

export interface NoticeDetailModalProps {
  tenantId: number;
  /** The notice shown; null closes the modal. */
  target: NoticeTarget | null;
  onClose: () => void;
  /** 1000 for the notice centre's detail, 780 for the latest announcement (spec 01 §9). */
  width?: number;
  /** Shown before the title (e.g. a 'latest announcement' tag). */
  badge?: ReactNode;
  /** A footer with one button that closes the modal. */
  closeText?: string;
}

function Attachments({ files, anchor }: { files: NoticeAttachment[]; anchor: Ref<HTMLElement> }) {
  const { t } = useTranslation('notice');
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const download = async (file: NoticeAttachment) => {
    setBusy((s) => new Set(s).add(file.fileUrl));
    try {
      await downloadAttachment(file);
    } catch (err) {
      message.error(errorText(err) || t('notice.attachment.failed'));
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(file.fileUrl);
        return next;
      });
    }
  };
  return (
    <section className="tl-notice-detail__files" ref={anchor} aria-label={t('notice.attachment.title')}>
      <h3 className="tl-notice-detail__files-title">
        <PaperClipOutlined /> {t('notice.attachment.title')} ({files.length})
      </h3>
      <ul className="tl-notice-detail__file-list">
        {files.map((file) => (
          <li key={file.fileUrl} className="tl-notice-detail__file">
            <FileOutlined className="tl-notice-detail__file-icon" />
            <span className="tl-notice-detail__file-name" title={file.fileName}>
              {file.fileName}
            </span>
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              loading={busy.has(file.fileUrl)}
              onClick={() => void download(file)}
            >
              {t('notice.attachment.download')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Title line, publish time, the HTML body and the attachments of one notice. */
export function NoticeArticle({ view }: { view: NoticeView }) {
  const { t } = useTranslation('notice');
  const files = useRef<HTMLElement>(null);
  const time = formatNoticeTime(view.publishedDate, t('notice.timeFormat'));
  return (
    <article className="tl-notice-detail">
      <div className="tl-notice-detail__meta">
        {view.publisher ? <span>{t('notice.publisher', { name: view.publisher })}</span> : null}
        {time ? <span>{t('notice.publishedAt', { time })}</span> : null}
        {view.attachments.length ? (
          <Button
            type="link"
            size="small"
            className="tl-notice-detail__to-files"
            icon={<PaperClipOutlined />}
            aria-label={t('notice.attachment.jump')}
            title={t('notice.attachment.jump')}
            onClick={() => files.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
          >
            {view.attachments.length}
          </Button>
        ) : null}
      </div>
      <div
        className="tl-notice-html"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: bodies are cleaned by an allow-list on the server when written (docs/api.md 'Announcements')
        dangerouslySetInnerHTML={{ __html: view.body }}
      />
      {view.attachments.length ? <Attachments files={view.attachments} anchor={files} /> : null}
    </article>
  );
}

/** The notice detail modal (spec 01 §2.12, 1000 wide): loads the notice and marks it read. */
export function NoticeDetailModal({
  tenantId,
  target,
  onClose,
  width = NOTICE_DETAIL_WIDTH,
  badge,
  closeText,
}: NoticeDetailModalProps) {
  const { t } = useTranslation('notice');
  const detail = useNoticeDetail(tenantId, target);
  const view = detail.data;
  let body: ReactNode;
  if (detail.isPending) {
    body = (
      <div className="tl-notice-detail__loading">
        <Spin />
      </div>
    );
  } else if (detail.isError || !view) {
    body = <EmptyState variant="networkError" size="small" />;
  } else {
    body = <NoticeArticle view={view} />;
  }
  return (
    <Modal
      open={target !== null}
      width={width}
      centered
      destroyOnHidden
      onCancel={onClose}
      className="tl-notice-detail-modal"
      title={
        <span className="tl-notice-detail__title">
          {badge}
          {view?.title ?? t('notice.detail.title')}
        </span>
      }
      footer={
        closeText ? (
          <Button type="primary" onClick={onClose}>
            {closeText}
          </Button>
        ) : null
      }
    >
      {body}
    </Modal>
  );
}

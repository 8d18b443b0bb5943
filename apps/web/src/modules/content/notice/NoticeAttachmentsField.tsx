import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { noticeAdminApi, noticeAdminKeys } from './notice.api';

/** At most this many files per announcement (each within the server's upload limit). */
export const NOTICE_ATTACHMENTS_MAX = 10;

interface Props {
  tenantId: number;
  /** The attachment group's id; files uploaded here carry it (the bell's detail lists them by it). */
  attachmentUuid: string;
  onBusyChange: (busy: boolean) => void;
  onCountChange: (count: number) => void;
}

/** The files of an announcement: uploaded one by one through the file service, with progress. */
export function NoticeAttachmentsField({ tenantId, attachmentUuid, onBusyChange, onCountChange }: Props) {
  const { t } = useTranslation('contentNotice');
  const message = useMessage();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const key = noticeAdminKeys.files(tenantId, attachmentUuid);
  const files = useQuery({
    queryKey: key,
    queryFn: async () => {
      const list = await noticeAdminApi.files(tenantId, attachmentUuid);
      onCountChange(list.length);
      return list;
    },
  });
  const count = files.data?.length ?? 0;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    const room = NOTICE_ATTACHMENTS_MAX - count;
    if (chosen.length > room) message.warning(t('attachments.tooMany', { max: NOTICE_ATTACHMENTS_MAX }));
    const batch = chosen.slice(0, Math.max(room, 0));
    if (batch.length === 0) return;
    onBusyChange(true);
    setProgress({ done: 0, total: batch.length });
    for (const [i, file] of batch.entries()) {
      try {
        await noticeAdminApi.upload(tenantId, attachmentUuid, file);
      } catch {
        // The API client has shown why (too large, refused type); the others still go.
      }
      setProgress({ done: i + 1, total: batch.length });
    }
    await queryClient.invalidateQueries({ queryKey: key });
    setProgress(null);
    onBusyChange(false);
  };

  const remove = async (fileId: string) => {
    try {
      await noticeAdminApi.removeFile(tenantId, fileId);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <div>
      <input
        ref={input}
        type="file"
        multiple
        style={{ display: 'none' }}
        data-testid="notice-attachment-input"
        onChange={(e) => void choose(e)}
      />
      <Button
        icon={<UploadOutlined />}
        onClick={() => input.current?.click()}
        disabled={progress !== null || count >= NOTICE_ATTACHMENTS_MAX}
      >
        {t('attachments.add')}
      </Button>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {t('attachments.hint', { count, max: NOTICE_ATTACHMENTS_MAX })}
      </Typography.Text>
      {progress ? (
        <Progress
          percent={Math.round((progress.done / progress.total) * 100)}
          format={() => t('attachments.uploading', progress)}
          size="small"
        />
      ) : null}
      {count > 0 ? (
        <List
          size="small"
          dataSource={files.data ?? []}
          renderItem={(f) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('attachments.remove', { name: f.fileName })}
                  onClick={() => void remove(f.fileId)}
                />,
              ]}
            >
              <span>
                <PaperClipOutlined /> {f.fileName}
              </span>
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INQUIRY_COMMENT_MAX,
  INQUIRY_MESSAGE_MAX,
  INQUIRY_PHOTO_TYPES,
  INQUIRY_PHOTOS_MAX,
} from '@tilth/contracts/inquiry.types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import Rate from 'antd/es/rate';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMessage } from '../../../shared/FeedbackProvider';
import { ImageListField } from '../../../shared/file/ImageListField';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { Duration, STATUS_COLOR } from './InquiryPage';
import { InquiryPhoto, InquiryPhotoList } from './InquiryPhotos';
import { type InquiryDetail, type InquiryRef, inquiryApi, inquiryKeys } from './inquiry.api';
import { fileIdOf, photoProblem, plainToHtml, threadActions } from './inquiryText';

function Message({ m }: { m: InquiryDetail['messages'][number] }) {
  const { t } = useTranslation('inquiry');
  return (
    <div className={`tl-inquiry-msg tl-inquiry-msg--${m.authorRole}`} data-testid="inquiry-message">
      <div className="tl-inquiry-msg__head">
        <Typography.Text strong>{m.authorName}</Typography.Text>
        <Tag>{t(`kind.${m.kind}`)}</Tag>
        <Typography.Text type="secondary">{formatDateTime(m.creationDate)}</Typography.Text>
      </div>
      {m.authorRole === 'expert' && m.kind !== 'close' ? (
        // Sanitised on the server (sanitizeNoticeHtml) before it was stored.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised answer HTML
        <div className="tl-inquiry-msg__body" dangerouslySetInnerHTML={{ __html: m.body }} />
      ) : m.body ? (
        <div className="tl-inquiry-msg__body tl-inquiry-msg__body--plain">{m.body}</div>
      ) : null}
      <InquiryPhotoList urls={m.photos.map((p) => p.fileUrl)} size={72} />
    </div>
  );
}

export interface InquiryThreadDrawerProps {
  target: InquiryRef | null;
  onClose: () => void;
  isExpert: boolean;
}

/** One inquiry's thread with what the viewer may do next (answer / ask back, reply, close and rate). */
export function InquiryThreadDrawer({ target, onClose, isExpert }: InquiryThreadDrawerProps) {
  const { t } = useTranslation(['inquiry', 'common']);
  const { tenantId, self } = useShell();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  // Experts without the article editor leave the draft to those who have it.
  const canEdit = usePermissions(['wfpf.company.system.graphic-editor']).allowed;
  const ref = target ?? { id: 0 };
  const q = useQuery({
    queryKey: inquiryKeys.one(tenantId, ref),
    queryFn: () => inquiryApi.get(tenantId, ref),
    enabled: target !== null,
  });
  useEffect(() => {
    if (!target) return;
    setText('');
    setPhotos([]);
    setRating(0);
    setComment('');
  }, [target]);
  const d = q.data;
  const can = d
    ? threadActions(
        { ...d, answered: d.messages.some((m) => m.kind === 'answer') },
        { userId: self.id, expert: isExpert || ref.askTenantId !== undefined },
        Date.now(),
      )
    : null;

  const run = async (action: () => Promise<InquiryDetail>, done: string) => {
    setBusy(true);
    try {
      const next = await action();
      queryClient.setQueryData(inquiryKeys.one(tenantId, ref), next);
      await queryClient.invalidateQueries({ queryKey: inquiryKeys.all(tenantId) });
      setText('');
      setPhotos([]);
      message.success(done);
    } catch {
      // The API client has shown the server's message (stale version, closed …).
    } finally {
      setBusy(false);
    }
  };
  const version = d?.objectVersionNumber ?? 0;
  const blank = text.trim() === '';

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width={760}
      title={d ? d.title : t('thread.title')}
      destroyOnHidden
    >
      {!d ? (
        <Spin />
      ) : (
        <div className="tl-inquiry-thread" data-testid="inquiry-thread">
          <Space wrap>
            <Tag color={STATUS_COLOR[d.status]} data-testid="inquiry-status">
              {t(`status.${d.status}`)}
            </Tag>
            <Tag>{t(`urgency.${d.urgency}`)}</Tag>
            <Tag>{t(`audience.${d.audience}`)}</Tag>
          </Space>
          <Descriptions size="small" column={2} style={{ marginTop: 12 }}>
            <Descriptions.Item label={t('field.crop')}>{d.cropName || NO_DATA}</Descriptions.Item>
            <Descriptions.Item label={t('field.land')}>{d.landName || NO_DATA}</Descriptions.Item>
            <Descriptions.Item label={t('field.batch')}>{d.batchName ?? NO_DATA}</Descriptions.Item>
            <Descriptions.Item label={t('field.asker')}>{d.askerName}</Descriptions.Item>
            <Descriptions.Item label={t('field.askedAt')}>{formatDateTime(d.creationDate)}</Descriptions.Item>
            <Descriptions.Item label={t('field.expert')}>{d.expertName ?? NO_DATA}</Descriptions.Item>
            <Descriptions.Item label={t('field.firstResponse')}>
              <Duration seconds={d.firstResponseSeconds} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.resolution')}>
              <Duration seconds={d.resolutionSeconds} />
            </Descriptions.Item>
          </Descriptions>
          <div className="tl-inquiry-question">{d.question}</div>
          {d.identificationNote ? (
            <Typography.Paragraph type="secondary">{d.identificationNote}</Typography.Paragraph>
          ) : null}
          <InquiryPhotoList urls={d.photos.map((p) => p.fileUrl)} />
          <div className="tl-inquiry-messages">
            {d.messages.length === 0 ? (
              <Typography.Text type="secondary">{t('thread.noAnswer')}</Typography.Text>
            ) : (
              d.messages.map((m) => <Message key={m.messageId} m={m} />)
            )}
          </div>
          {d.rating !== null ? (
            <div className="tl-inquiry-rated" data-testid="inquiry-rating">
              <Typography.Text type="secondary">{t('field.rating')}</Typography.Text>
              <Rate disabled value={d.rating} />
            </div>
          ) : null}

          {can?.publish ? (
            <Button
              className="tl-inquiry-publish"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  const made = await inquiryApi.publish(tenantId, ref);
                  message.success(t(canEdit ? 'thread.published' : 'thread.publishedForEditors'));
                  if (canEdit) navigate(made.editorPath);
                } catch {
                  // Shown by the API client.
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('thread.publish')}
            </Button>
          ) : null}

          {can?.answer ? (
            <div className="tl-inquiry-compose">
              <Input.TextArea
                aria-label={t('thread.answerLabel')}
                placeholder={t('thread.answerHint')}
                value={text}
                maxLength={INQUIRY_MESSAGE_MAX}
                autoSize={{ minRows: 4, maxRows: 12 }}
                onChange={(e) => setText(e.target.value)}
              />
              <Space>
                <Button
                  type="primary"
                  disabled={blank}
                  loading={busy}
                  onClick={() =>
                    void run(
                      () => inquiryApi.expert(tenantId, ref, 'answer', plainToHtml(text), version),
                      t('thread.answered'),
                    )
                  }
                >
                  {t('thread.answer')}
                </Button>
                <Button
                  disabled={blank}
                  loading={busy}
                  onClick={() =>
                    void run(
                      () => inquiryApi.expert(tenantId, ref, 'ask-back', plainToHtml(text), version),
                      t('thread.askedBack'),
                    )
                  }
                >
                  {t('thread.askBack')}
                </Button>
                {can.staleClose ? (
                  <Button
                    danger
                    loading={busy}
                    onClick={() =>
                      void run(
                        () =>
                          inquiryApi.close(tenantId, ref, {
                            comment: text.trim(),
                            objectVersionNumber: version,
                          }),
                        t('thread.closed'),
                      )
                    }
                  >
                    {t('thread.staleClose')}
                  </Button>
                ) : null}
              </Space>
            </div>
          ) : null}

          {can?.reply ? (
            <div className="tl-inquiry-compose">
              <Input.TextArea
                aria-label={t('thread.replyLabel')}
                placeholder={t('thread.replyHint')}
                value={text}
                maxLength={2000}
                autoSize={{ minRows: 3, maxRows: 8 }}
                onChange={(e) => setText(e.target.value)}
              />
              <ImageListField
                value={photos}
                onChange={setPhotos}
                onBusyChange={setUploading}
                max={INQUIRY_PHOTOS_MAX}
                accept={INQUIRY_PHOTO_TYPES}
                check={photoProblem}
                upload={async (file) => (await inquiryApi.uploadPhoto(tenantId, file)).fileUrl}
                labels="inquiry:photos"
                size={64}
                renderImages={(urls, remove) =>
                  urls.map((u) => <InquiryPhoto key={u} url={u} size={64} remove={remove(u)} />)
                }
              />
              <Button
                disabled={blank || uploading}
                loading={busy}
                onClick={() =>
                  void run(
                    () =>
                      inquiryApi.reply(
                        tenantId,
                        d.inquiryId,
                        text.trim(),
                        photos.map(fileIdOf).filter((x): x is string => x !== null),
                        version,
                      ),
                    t('thread.replied'),
                  )
                }
              >
                {t('thread.reply')}
              </Button>
            </div>
          ) : null}

          {can?.rateClose ? (
            <div className="tl-inquiry-compose tl-inquiry-close">
              <Typography.Text strong>{t('thread.rateTitle')}</Typography.Text>
              <Rate value={rating} onChange={setRating} aria-label={t('field.rating')} />
              <Input.TextArea
                aria-label={t('thread.commentLabel')}
                placeholder={t('thread.commentHint')}
                value={comment}
                maxLength={INQUIRY_COMMENT_MAX}
                autoSize={{ minRows: 2, maxRows: 4 }}
                onChange={(e) => setComment(e.target.value)}
              />
              <Button
                type="primary"
                disabled={rating === 0}
                loading={busy}
                onClick={() =>
                  void run(
                    () =>
                      inquiryApi.close(tenantId, ref, {
                        rating,
                        comment: comment.trim(),
                        objectVersionNumber: version,
                      }),
                    t('thread.closed'),
                  )
                }
              >
                {t('thread.rateClose')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Drawer>
  );
}

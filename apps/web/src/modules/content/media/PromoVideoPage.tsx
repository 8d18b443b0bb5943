import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoVideo } from '@tilth/contracts/media.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/client';
import { useMessage } from '../../../shared/FeedbackProvider';
import { formatDateTime } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { fileSizeText } from './folderTree';
import { MEDIA_CODES, mediaKeys, uploadWithProgress, videoApi } from './media.api';
import { PictureThumb } from './PictureThumb';
import { VideoPlayer } from './VideoPlayer';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** /system/publicity-video: promo videos uploaded with progress, checked on the server, a poster made, played. */
export function PromoVideoPage() {
  const { t } = useTranslation('contentMedia');
  const { tenantId } = useShell();
  const message = useMessage();
  const client = useQueryClient();
  const canUpload = usePermissions([MEDIA_CODES.uploadVideo]).allowed;
  const canEdit = usePermissions([MEDIA_CODES.editVideo]).allowed;
  const canDelete = usePermissions([MEDIA_CODES.deleteVideo]).allowed;
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const [playing, setPlaying] = useState<PromoVideo | null>(null);
  const [renaming, setRenaming] = useState<PromoVideo | null>(null);
  const [text, setText] = useState('');
  const query = { page, size: 10, videoName: name || undefined };
  const videos = useQuery({
    queryKey: [...mediaKeys.videos(tenantId), query],
    queryFn: () => videoApi.page(tenantId, query),
    // A poster being made: look again shortly.
    refetchInterval: (q) => (q.state.data?.content.some((v) => v.status === 'processing') ? 1000 : false),
  });
  const refresh = () => client.invalidateQueries({ queryKey: mediaKeys.videos(tenantId) });

  const upload = async (file: File) => {
    setSending({ name: file.name, percent: 0 });
    try {
      await uploadWithProgress<PromoVideo>(videoApi.uploadUrl(tenantId), file, (percent) =>
        setSending({ name: file.name, percent }),
      );
      message.success(t('video.uploaded', { name: file.name }));
    } catch (err) {
      message.error(t('upload.failed', { name: file.name, reason: errorText(err) }));
    } finally {
      setSending(null);
      await refresh();
    }
  };

  return (
    <Card>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap align="start">
        <Input.Search
          allowClear
          placeholder={t('video.search')}
          onSearch={(v) => {
            setName(v.trim());
            setPage(0);
          }}
          style={{ width: 260 }}
        />
        {canUpload && (
          <Space direction="vertical" size={2} style={{ alignItems: 'flex-end' }}>
            <Upload
              accept=".mp4,.webm,video/mp4,video/webm"
              showUploadList={false}
              disabled={sending !== null}
              beforeUpload={(file) => {
                if (file.size > 30 * 1024 * 1024) {
                  message.error(t('video.tooLarge'));
                  return Upload.LIST_IGNORE;
                }
                void upload(file);
                return false;
              }}
            >
              <Button
                type="primary"
                icon={<UploadOutlined />}
                loading={sending !== null}
                data-testid="video-upload"
              >
                {t('video.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('video.hint')}
            </Typography.Text>
          </Space>
        )}
      </Space>
      {sending && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          message={t('video.sending', { name: sending.name })}
          description={<Progress percent={sending.percent} size="small" />}
        />
      )}
      <Table<PromoVideo>
        rowKey="videoId"
        loading={videos.isPending}
        dataSource={videos.data?.content ?? []}
        locale={{ emptyText: t('video.empty') }}
        pagination={{
          current: page + 1,
          pageSize: 10,
          total: videos.data?.totalElements ?? 0,
          onChange: (p) => setPage(p - 1),
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('video.poster'),
            width: 160,
            render: (_, v) =>
              v.status === 'ready' ? (
                <button
                  type="button"
                  className="media-video-poster"
                  onClick={() => setPlaying(v)}
                  aria-label={t('video.play', { name: v.videoName })}
                >
                  <PictureThumb url={v.posterUrl} alt={v.videoName} width={144} height={81} fit="contain" />
                </button>
              ) : v.status === 'processing' ? (
                <Progress type="circle" size={48} percent={v.progress} />
              ) : (
                <Tag color="red">{t('video.failed')}</Tag>
              ),
          },
          { title: t('video.name'), dataIndex: 'videoName' },
          {
            title: t('video.facts'),
            render: (_, v) =>
              `${seconds(v.durationMs)} · ${v.width}×${v.height} · ${fileSizeText(v.fileSize)}`,
          },
          {
            title: t('video.state'),
            render: (_, v) =>
              v.status === 'ready' ? (
                <Tag color="green" data-testid="video-ready">
                  {t('video.ready')}
                </Tag>
              ) : v.status === 'processing' ? (
                <Tag color="blue">{t('video.processing', { percent: v.progress })}</Tag>
              ) : (
                <Tag color="red" title={v.error ?? ''}>
                  {v.error ?? t('video.failed')}
                </Tag>
              ),
          },
          {
            title: t('video.uploadedAt'),
            render: (_, v) => formatDateTime(v.creationDate, 'YYYY-MM-DD HH:mm'),
          },
          {
            title: '',
            width: 200,
            render: (_, v) => (
              <Space size={0}>
                {v.status === 'ready' && (
                  <Button type="link" size="small" onClick={() => setPlaying(v)}>
                    {t('video.playShort')}
                  </Button>
                )}
                {canEdit && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setRenaming(v);
                      setText(v.videoName);
                    }}
                  >
                    {t('hub.rename')}
                  </Button>
                )}
                {canDelete && (
                  <Popconfirm
                    title={t('video.deleteConfirm', { name: v.videoName })}
                    onConfirm={async () => {
                      try {
                        await videoApi.remove(tenantId, v);
                        await refresh();
                      } catch (err) {
                        message.error(errorText(err));
                      }
                    }}
                  >
                    <Button type="link" size="small" danger>
                      {t('hub.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={playing !== null}
        title={playing?.videoName}
        footer={null}
        width={800}
        onCancel={() => setPlaying(null)}
        destroyOnHidden
      >
        {playing && <VideoPlayer videoUrl={playing.videoUrl} posterUrl={playing.posterUrl} />}
      </Modal>
      <Modal
        open={renaming !== null}
        title={t('hub.rename')}
        onCancel={() => setRenaming(null)}
        onOk={async () => {
          if (!renaming || !text.trim()) return;
          try {
            await videoApi.update(tenantId, renaming, { videoName: text.trim() });
            setRenaming(null);
            await refresh();
          } catch (err) {
            message.error(errorText(err));
          }
        }}
        destroyOnHidden
      >
        <Input
          value={text}
          maxLength={60}
          onChange={(e) => setText(e.target.value)}
          aria-label={t('video.name')}
        />
      </Modal>
    </Card>
  );
}

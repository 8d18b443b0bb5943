import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FolderAddOutlined from '@ant-design/icons/FolderAddOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Picture, PictureFolder } from '@tilth/contracts/media.types';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Popover from 'antd/es/popover';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tree from 'antd/es/tree';
import TreeSelect from 'antd/es/tree-select';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/client';
import { useMessage } from '../../../shared/FeedbackProvider';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { fileSizeText, folderIdOfKey, folderTree } from './folderTree';
import { MEDIA_CODES, mediaKeys, pictureApi } from './media.api';
import { PictureThumb } from './PictureThumb';
import { PictureUploader } from './PictureUploader';
import './media.css';

const PAGE_SIZE = 24;

type Prompt =
  | { kind: 'addFolder'; parentId: number | null }
  | { kind: 'renameFolder'; folder: PictureFolder }
  | { kind: 'rename'; picture: Picture }
  | { kind: 'move'; picture: Picture };

/** Who shows a picture, fetched when its usage is opened. */
function UsageList({ tenantId, picture }: { tenantId: number; picture: Picture }) {
  const { t } = useTranslation('contentMedia');
  const usage = useQuery({
    queryKey: mediaKeys.usage(tenantId, picture.pictureId),
    queryFn: () => pictureApi.usage(tenantId, picture.pictureId),
  });
  if (usage.isPending) return <Spin size="small" />;
  const owners = usage.data?.owners ?? [];
  if (owners.length === 0) return <Typography.Text type="secondary">{t('hub.usageNone')}</Typography.Text>;
  const href = (o: (typeof owners)[number]) =>
    o.ownerType === 'article'
      ? `/system/article?articleId=${o.ownerId}`
      : o.ownerType === 'banner'
        ? '/system/bannerManger'
        : '/system/notice-manger';
  return (
    <ul className="media-usage" data-testid="picture-usage">
      {owners.map((o) => (
        <li key={`${o.ownerType}-${o.ownerId}`}>
          {t(`owner.${o.ownerType}`)}:{' '}
          <a href={href(o)}>{o.title ?? t('owner.untitled', { id: o.ownerId })}</a>
        </li>
      ))}
    </ul>
  );
}

/** /system/pictures-hub: folders, search, a grid of thumbnails, multi-upload with progress, rename, move, usage, delete. */
export function PicturesHubPage() {
  const { t } = useTranslation('contentMedia');
  const { tenantId } = useShell();
  const message = useMessage();
  const client = useQueryClient();
  const canUpload = usePermissions([MEDIA_CODES.upload]).allowed;
  const canEdit = usePermissions([MEDIA_CODES.editPictures]).allowed;
  const canDelete = usePermissions([MEDIA_CODES.deletePictures]).allowed;
  const [folderKey, setFolderKey] = useState('all');
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<string>('all');
  const folderId = folderIdOfKey(folderKey);

  const folders = useQuery({
    queryKey: mediaKeys.folders(tenantId),
    queryFn: () => pictureApi.folders(tenantId),
  });
  const limits = useQuery({
    queryKey: mediaKeys.pictureLimits(tenantId),
    queryFn: () => pictureApi.limits(tenantId),
    staleTime: 60_000,
  });
  const query = { page, size: PAGE_SIZE, folderId: folderId ?? undefined, pictureName: name || undefined };
  const pictures = useQuery({
    queryKey: [...mediaKeys.pictures(tenantId), query],
    queryFn: () => pictureApi.page(tenantId, query),
  });
  const tree = useMemo(() => folderTree(folders.data ?? [], t('folders.all')), [folders.data, t]);
  const selectedFolder = folders.data?.find((f) => f.folderId === folderId) ?? null;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: mediaKeys.pictures(tenantId) });
    void client.invalidateQueries({ queryKey: mediaKeys.folders(tenantId) });
  };
  const attempt = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      refresh();
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    }
  };

  const open = (p: Prompt) => {
    setPrompt(p);
    setText(
      p.kind === 'renameFolder' ? p.folder.folderName : p.kind === 'rename' ? p.picture.pictureName : '',
    );
    setTarget(p.kind === 'move' && p.picture.folderId ? `f${p.picture.folderId}` : 'all');
  };
  const submit = async () => {
    if (!prompt) return;
    const value = text.trim();
    if (prompt.kind !== 'move' && !value) {
      message.error(t('folders.nameRequired'));
      return;
    }
    const ok =
      prompt.kind === 'addFolder'
        ? await attempt(() => pictureApi.addFolder(tenantId, value, prompt.parentId), t('folders.saved'))
        : prompt.kind === 'renameFolder'
          ? await attempt(() => pictureApi.renameFolder(tenantId, prompt.folder, value), t('folders.saved'))
          : prompt.kind === 'rename'
            ? await attempt(
                () => pictureApi.update(tenantId, prompt.picture, { pictureName: value }),
                t('hub.saved'),
              )
            : await attempt(
                () => pictureApi.update(tenantId, prompt.picture, { folderId: folderIdOfKey(target) }),
                t('hub.saved'),
              );
    if (ok) setPrompt(null);
  };

  const list = pictures.data?.content ?? [];
  return (
    <div className="media-hub">
      <Card
        size="small"
        title={t('folders.title')}
        className="media-hub__tree"
        extra={
          canEdit && (
            <Space size={4}>
              <Button
                size="small"
                icon={<FolderAddOutlined />}
                aria-label={folderId ? t('folders.addChild') : t('folders.add')}
                title={folderId ? t('folders.addChild') : t('folders.add')}
                onClick={() => open({ kind: 'addFolder', parentId: folderId })}
              />
              {selectedFolder && (
                <>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('folders.rename')}
                    title={t('folders.rename')}
                    onClick={() => open({ kind: 'renameFolder', folder: selectedFolder })}
                  />
                  <Popconfirm
                    title={t('folders.deleteConfirm', { name: selectedFolder.folderName })}
                    onConfirm={() =>
                      attempt(
                        () => pictureApi.removeFolder(tenantId, selectedFolder.folderId),
                        t('folders.deleted'),
                      ).then((ok) => ok && setFolderKey('all'))
                    }
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('folders.delete')} />
                  </Popconfirm>
                </>
              )}
            </Space>
          )
        }
      >
        <Tree
          // Remounted once the folders arrive, so they open expanded.
          key={folders.data ? 'folders' : 'loading'}
          blockNode
          defaultExpandAll
          selectedKeys={[folderKey]}
          treeData={tree}
          onSelect={(keys) => {
            setFolderKey(String(keys[0] ?? 'all'));
            setPage(0);
          }}
        />
      </Card>
      <Card size="small" className="media-hub__main">
        <div className="media-picker__bar">
          <Input.Search
            allowClear
            placeholder={t('picker.search')}
            aria-label={t('hub.search')}
            onSearch={(v) => {
              setName(v.trim());
              setPage(0);
            }}
            style={{ maxWidth: 280 }}
          />
          {canUpload && (
            <div>
              <PictureUploader
                tenantId={tenantId}
                folderId={folderId}
                maxBytes={limits.data?.maxBytes ?? 10 * 1024 * 1024}
                onUploaded={refresh}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('upload.hint', {
                  mb: Math.round((limits.data?.maxBytes ?? 10 * 1024 * 1024) / 1024 / 1024),
                  mp: limits.data?.maxMegapixels ?? 40,
                })}
              </Typography.Text>
            </div>
          )}
        </div>
        <Spin spinning={pictures.isFetching}>
          {pictures.data && list.length === 0 ? (
            <Empty description={name ? t('picker.noMatch') : t('hub.empty')} />
          ) : (
            <ul className="media-grid media-grid--hub" aria-label={t('picker.grid')}>
              {list.map((p) => (
                <li key={p.pictureId} className="media-card" data-testid="picture-card">
                  <PictureThumb url={p.thumbUrl} alt={p.pictureName} width="100%" height={130} />
                  <div className="media-card__body">
                    <Typography.Text strong ellipsis title={p.pictureName}>
                      {p.pictureName}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('hub.size', { width: p.width, height: p.height, size: fileSizeText(p.fileSize) })}
                    </Typography.Text>
                    <Popover
                      trigger="click"
                      title={t('hub.usage')}
                      content={<UsageList tenantId={tenantId} picture={p} />}
                    >
                      <Button type="link" size="small" style={{ padding: 0 }}>
                        {p.usageCount > 0 ? t('hub.usedBy', { count: p.usageCount }) : t('hub.unused')}
                      </Button>
                    </Popover>
                    <Space size={0} wrap>
                      {canEdit && (
                        <Button size="small" type="text" onClick={() => open({ kind: 'rename', picture: p })}>
                          {t('hub.rename')}
                        </Button>
                      )}
                      {canEdit && (
                        <Button size="small" type="text" onClick={() => open({ kind: 'move', picture: p })}>
                          {t('hub.move')}
                        </Button>
                      )}
                      {canDelete && (
                        <Popconfirm
                          title={t('hub.deleteConfirm', { name: p.pictureName })}
                          onConfirm={() => attempt(() => pictureApi.remove(tenantId, p), t('hub.deleted'))}
                        >
                          <Button size="small" type="text" danger>
                            {t('hub.delete')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Spin>
        {(pictures.data?.totalElements ?? 0) > PAGE_SIZE && (
          <Pagination
            current={page + 1}
            pageSize={PAGE_SIZE}
            total={pictures.data?.totalElements ?? 0}
            showSizeChanger={false}
            onChange={(p) => setPage(p - 1)}
            style={{ marginTop: 12 }}
          />
        )}
      </Card>
      <Modal
        open={prompt !== null}
        title={
          prompt?.kind === 'addFolder'
            ? prompt.parentId
              ? t('folders.addChild')
              : t('folders.add')
            : prompt?.kind === 'renameFolder'
              ? t('folders.rename')
              : prompt?.kind === 'rename'
                ? t('hub.rename')
                : t('hub.moveTo')
        }
        onCancel={() => setPrompt(null)}
        onOk={submit}
        destroyOnHidden
      >
        {prompt?.kind === 'move' ? (
          <TreeSelect
            style={{ width: '100%' }}
            value={target}
            treeData={tree}
            treeDefaultExpandAll
            fieldNames={{ label: 'title', value: 'key', children: 'children' }}
            onChange={(v: string) => setTarget(v)}
          />
        ) : (
          <Input
            autoFocus
            value={text}
            maxLength={prompt?.kind === 'rename' ? 100 : 40}
            aria-label={prompt?.kind === 'rename' ? t('hub.name') : t('folders.name')}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={submit}
          />
        )}
      </Modal>
    </div>
  );
}

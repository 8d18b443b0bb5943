import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Picture } from '@tilth/contracts/media.types';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Tree from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { folderIdOfKey, folderTree } from './folderTree';
import { MEDIA_CODES, mediaKeys, pictureApi } from './media.api';
import { PictureThumb } from './PictureThumb';
import { PictureUploader } from './PictureUploader';
import './media.css';

export interface PicturePickerModalProps {
  open: boolean;
  onCancel: () => void;
  /** The chosen picture: `src` is its stored file (for `<img src>`), `alt` its name, and its library id. */
  onPick: (picture: { src: string; alt: string; pictureId: number }) => void;
}

const PAGE_SIZE = 24;

/** Picks a picture from the library: folder tree, search by name, a grid of thumbnails, upload into the folder. */
export function PicturePickerModal({ open, onCancel, onPick }: PicturePickerModalProps) {
  const { t } = useTranslation('contentMedia');
  const { tenantId } = useShell();
  // The server lets editors of articles and notices upload into the library too.
  const canUpload = [
    usePermissions([MEDIA_CODES.upload]).allowed,
    usePermissions(['wfpf.company.system.article.ps.edit']).allowed,
    usePermissions(['wfpf.company.system.notice-manger.ps.edit']).allowed,
  ].some(Boolean);
  const client = useQueryClient();
  const [folderKey, setFolderKey] = useState('all');
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<Picture | null>(null);
  const folderId = folderIdOfKey(folderKey);

  useEffect(() => {
    if (open) setChosen(null);
  }, [open]);

  const folders = useQuery({
    queryKey: mediaKeys.folders(tenantId),
    queryFn: () => pictureApi.folders(tenantId),
    enabled: open,
  });
  const limits = useQuery({
    queryKey: mediaKeys.pictureLimits(tenantId),
    queryFn: () => pictureApi.limits(tenantId),
    enabled: open,
    staleTime: 60_000,
  });
  const query = { page, size: PAGE_SIZE, folderId: folderId ?? undefined, pictureName: name || undefined };
  const pictures = useQuery({
    queryKey: [...mediaKeys.pictures(tenantId), query],
    queryFn: () => pictureApi.page(tenantId, query),
    enabled: open,
  });
  const tree = useMemo(() => folderTree(folders.data ?? [], t('folders.all')), [folders.data, t]);

  const pick = (p: Picture | null) => {
    if (p) onPick({ src: p.src, alt: p.pictureName, pictureId: p.pictureId });
  };

  return (
    <Modal
      open={open}
      title={t('picker.title')}
      width={920}
      onCancel={onCancel}
      onOk={() => pick(chosen)}
      okText={t('picker.ok')}
      okButtonProps={{ disabled: !chosen, 'data-testid': 'picture-pick-ok' } as never}
      destroyOnHidden
    >
      <div className="media-picker">
        <div className="media-picker__tree">
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
        </div>
        <div className="media-picker__main">
          <div className="media-picker__bar">
            <Input.Search
              allowClear
              placeholder={t('picker.search')}
              onSearch={(v) => {
                setName(v.trim());
                setPage(0);
              }}
              style={{ maxWidth: 280 }}
            />
            {canUpload && (
              <PictureUploader
                tenantId={tenantId}
                folderId={folderId}
                maxBytes={limits.data?.maxBytes ?? 10 * 1024 * 1024}
                onUploaded={(p) => {
                  setChosen(p);
                  void client.invalidateQueries({ queryKey: mediaKeys.pictures(tenantId) });
                  void client.invalidateQueries({ queryKey: mediaKeys.folders(tenantId) });
                }}
              />
            )}
          </div>
          <Spin spinning={pictures.isFetching}>
            {pictures.data && pictures.data.content.length === 0 ? (
              <Empty description={name ? t('picker.noMatch') : t('picker.empty')} />
            ) : (
              <ul className="media-grid" aria-label={t('picker.grid')}>
                {(pictures.data?.content ?? []).map((p) => (
                  <li key={p.pictureId}>
                    <button
                      type="button"
                      className={`media-grid__item${chosen?.pictureId === p.pictureId ? ' is-chosen' : ''}`}
                      aria-pressed={chosen?.pictureId === p.pictureId}
                      title={`${p.pictureName} · ${p.width}×${p.height}`}
                      onClick={() => setChosen(p)}
                      onDoubleClick={() => pick(p)}
                    >
                      <PictureThumb url={p.thumbUrl} alt={p.pictureName} width="100%" height={110} />
                      <span className="media-grid__name">{p.pictureName}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Spin>
          {(pictures.data?.totalElements ?? 0) > PAGE_SIZE && (
            <Pagination
              size="small"
              current={page + 1}
              pageSize={PAGE_SIZE}
              total={pictures.data?.totalElements ?? 0}
              showSizeChanger={false}
              onChange={(p) => setPage(p - 1)}
            />
          )}
        </div>
      </div>
    </Modal>
  );
}

import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import type { DataNode } from 'antd/es/tree';
import Tree from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { imageVariant, useImageSrc } from '../../../shared/file/fileImage';
import { useShell } from '../../../shell/ShellContext';
import { deviceApi, deviceKeys } from '../device/api/device.api';
import { CameraModal } from './CameraModal';
import { type Camera, cameraApi, cameraKeys } from './camera.api';
import { CAMERA_PAGE_SIZE, CAMERA_THUMB_WIDTH } from './cameraFormat';
import './camera.css';

/** Tree keys: 'a:<areaId>' a base, 'l:<areaId>:<landId>' a plot. */
export type Scope = { areaId?: number; landId?: number };
export const scopeOfKey = (key: string): Scope => {
  const [kind, a, l] = key.split(':');
  if (kind === 'a') return { areaId: Number(a) };
  if (kind === 'l') return { areaId: Number(a), landId: Number(l) };
  return {};
};

/** Each camera's newest still of a page of stills (newest first). */
export const latestStillOf = (
  stills: readonly { cameraId: number; fileUrl: string }[],
): Map<number, string> => {
  const out = new Map<number, string>();
  for (const s of stills) if (!out.has(s.cameraId)) out.set(s.cameraId, s.fileUrl);
  return out;
};

function CameraCard({ camera, still, onOpen }: { camera: Camera; still?: string; onOpen: () => void }) {
  const { t } = useTranslation('camera');
  // The cover set for the camera, else its latest still.
  const image = camera.coverImage ?? still ?? null;
  const cover = useImageSrc(image ? imageVariant(image, CAMERA_THUMB_WIDTH, 225) : null);
  return (
    <Card
      hoverable
      size="small"
      onClick={onOpen}
      cover={
        cover ? (
          <img className="tl-cam-card__cover" src={cover} alt={camera.name} width={CAMERA_THUMB_WIDTH} />
        ) : (
          // No still yet: a camera mark, not a black box (timed captures or a capture give it a picture).
          <div className="tl-cam-card__cover tl-cam-card__cover--none" aria-hidden>
            <VideoCameraOutlined />
          </div>
        )
      }
    >
      <Card.Meta
        title={camera.name}
        description={
          <>
            {camera.online === 1 ? <Tag color="success">{t('online')}</Tag> : <Tag>{t('offline')}</Tag>}
            {camera.status === 0 ? <Tag color="warning">{t('disabledTag')}</Tag> : null}
            {camera.relation === 'share' ? <Tag color="blue">{t('shared')}</Tag> : null}
            <span>{[camera.areaName, camera.landName].filter(Boolean).join(' / ')}</span>
          </>
        }
      />
    </Card>
  );
}

/** Spec 02 §2 cameras of a base and plot (/web/equipment/camera): a tree on the left, cards (20 a page). */
export function CameraPage() {
  const { t } = useTranslation(['camera', 'common']);
  const { tenantId } = useShell();
  const client = useQueryClient();
  const [scope, setScope] = useState<Scope>({});
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [lands, setLands] = useState<Record<number, DataNode[]>>({});
  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });
  const query = { ...scope, ...(name ? { name } : {}), page, size: CAMERA_PAGE_SIZE };
  const cameras = useQuery({
    queryKey: [...cameraKeys.tenant(tenantId), query],
    queryFn: () => cameraApi.tenantPage(tenantId, query),
    placeholderData: keepPreviousData,
  });

  const stills = useQuery({
    queryKey: cameraKeys.stills(tenantId, scope),
    queryFn: () => cameraApi.stills(tenantId, { ...scope, page: 0, size: 100 }),
  });
  const latest = latestStillOf(stills.data?.content ?? []);

  const treeData: DataNode[] = [
    { key: 'all', title: t('camera:allBases'), isLeaf: true },
    ...(bases.data ?? []).map((b) => ({
      key: `a:${b.areaId}`,
      title: b.areaName,
      children: lands[b.areaId],
    })),
  ];

  const loadLands = async (areaId: number) => {
    const tree = await client.fetchQuery({
      queryKey: cameraKeys.tree(tenantId, areaId),
      queryFn: () => cameraApi.tree(tenantId, areaId),
    });
    setLands((m) => ({
      ...m,
      [areaId]: tree.lands.map((l) => ({
        key: `l:${areaId}:${l.landId}`,
        title: `${l.landName} (${l.cameras.length})`,
        isLeaf: true,
      })),
    }));
  };

  const rows = cameras.data?.content ?? [];
  return (
    <section className="tl-card tl-cam-page">
      <aside>
        <Input.Search
          allowClear
          placeholder={t('camera:searchName')}
          onSearch={(v) => {
            setName(v.trim());
            setPage(0);
          }}
          style={{ marginBottom: 8 }}
        />
        <Tree
          blockNode
          treeData={treeData}
          defaultSelectedKeys={['all']}
          loadData={async (node) => {
            const s = scopeOfKey(String(node.key));
            if (s.areaId !== undefined && s.landId === undefined)
              await loadLands(s.areaId).catch(() => undefined);
          }}
          onSelect={(keys) => {
            setScope(scopeOfKey(String(keys[0] ?? 'all')));
            setPage(0);
          }}
        />
      </aside>
      <div>
        <Spin spinning={cameras.isFetching}>
          {rows.length === 0 ? (
            <EmptyState title={t('camera:empty')} />
          ) : (
            <div className="tl-cam-grid">
              {rows.map((c) => (
                <CameraCard key={c.id} camera={c} still={latest.get(c.id)} onOpen={() => setOpen(c.id)} />
              ))}
            </div>
          )}
        </Spin>
        {(cameras.data?.totalElements ?? 0) > CAMERA_PAGE_SIZE ? (
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={page + 1}
            pageSize={CAMERA_PAGE_SIZE}
            total={cameras.data?.totalElements ?? 0}
            showSizeChanger={false}
            onChange={(p) => setPage(p - 1)}
          />
        ) : null}
      </div>
      {open !== null ? (
        <CameraModal tenantId={tenantId} cameraId={open} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}

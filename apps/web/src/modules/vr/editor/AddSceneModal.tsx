import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { PANORAMA_PAGE_SIZE, type Panorama } from '@tilth/contracts/panorama.types';
import { VR_ADD_SCENE_CONFIRM_MS } from '@tilth/contracts/vr.types';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Table from 'antd/es/table';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { formatDateTime } from '../../../shared/format/time';
import { usePanoramaProgress, usePanoramas, vrApi, vrKeys } from '../api/vr.api';
import { useAuthedSrc } from '../viewer/useAuthedSrc';
import { addScenesRefusal } from './editorFlow';

interface AddSceneModalProps {
  tenantId: number;
  vrId: number;
  existing: number;
  onClose: () => void;
  onAdded: () => Promise<void>;
}

/** Add scenes (spec 03 §2, §4, §5): pick enabled panoramas, or upload one and pick it once it is tiled. */
export function AddSceneModal({ tenantId, vrId, existing, onClose, onAdded }: AddSceneModalProps) {
  const { t } = useTranslation('vrEditor');
  const message = useMessage();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [processingId, setProcessingId] = useState<number | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const query = {
    page,
    size: PANORAMA_PAGE_SIZE,
    enabledFlag: 1 as const,
    ...(name ? { panoramaName: name } : {}),
  };
  const list = usePanoramas(tenantId, query);
  const processing = usePanoramaProgress(tenantId, processingId);

  // Tiled: the list refreshes and the new panorama is chosen (spec 03 §4 'opens the selection').
  const done = processing.data?.status;
  useEffect(() => {
    if (!processingId || !done || done === 'processing') return;
    if (done === 'ready') {
      setChosen((c) => (c.includes(processingId) ? c : [...c, processingId]));
      void client.invalidateQueries({ queryKey: ['panorama', tenantId, 'list'] });
      setPage(0);
    } else if (processing.data?.error) {
      message.error(processing.data.error);
    }
    setProcessingId(null);
    setUploadPercent(null);
  }, [done, processingId, client, tenantId, message, processing.data?.error]);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    if (!/^image\/(jpeg|png)$/.test(picked.type)) {
      message.error(t('addScene.fileType'));
      return;
    }
    setUploadPercent(0);
    try {
      const pano = await vrApi.uploadPanorama(tenantId, picked, setUploadPercent);
      client.setQueryData(vrKeys.panorama(tenantId, pano.panoramaId), pano);
      setProcessingId(pano.panoramaId);
    } catch {
      // the upload helper has shown the server's reason (size, shape, type)
      setUploadPercent(null);
    }
  };

  const confirm = async () => {
    if (addScenesRefusal(existing, chosen.length)) {
      message.warning(t('addScene.tooMany'));
      return;
    }
    setBusy(true);
    if (chosen.length === 0) {
      // Nothing chosen: the modal just closes after a moment (spec 03 §4).
      setTimeout(onClose, VR_ADD_SCENE_CONFIRM_MS * 2);
      return;
    }
    const names = new Map((list.data?.content ?? []).map((p) => [p.panoramaId, p.panoramaName]));
    let added = 0;
    for (const panoramaId of chosen) {
      try {
        // One request per panorama (spec 03 §7); a failed one does not stop the rest.
        await vrApi.addScene(tenantId, { panoramaId, vrId, scenesName: names.get(panoramaId) });
        added += 1;
      } catch {
        // shown by the API client
      }
    }
    await onAdded();
    setBusy(false);
    if (added > 0) message.success(t('addScene.added'));
    setTimeout(onClose, VR_ADD_SCENE_CONFIRM_MS);
  };

  return (
    <Modal
      open
      width={700}
      title={t('addScene.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="tl-vr-picker__filters">
        <Input.Search
          value={typed}
          allowClear
          placeholder={t('addScene.search')}
          style={{ width: 260 }}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => {
            setName(v.trim());
            setPage(0);
          }}
        />
        <Button
          icon={<UploadOutlined />}
          disabled={uploadPercent !== null}
          onClick={() => file.current?.click()}
        >
          {t('addScene.upload')}
        </Button>
        <input ref={file} type="file" accept="image/jpeg,image/png" hidden onChange={(e) => void upload(e)} />
      </div>
      {uploadPercent !== null ? (
        <div className="tl-vr-upload" role="status">
          <span>{processingId ? t('addScene.processing') : t('addScene.uploading')}</span>
          <Progress percent={processingId ? (processing.data?.progress ?? 0) : uploadPercent} size="small" />
        </div>
      ) : null}
      <p className="tl-vr-panel__hint">{t('addScene.chosen', { count: chosen.length, existing })}</p>
      <Table<Panorama>
        size="small"
        rowKey="panoramaId"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setChosen(keys.map(Number)),
          getCheckboxProps: (p) => ({ disabled: p.status !== 'ready' }),
        }}
        columns={[
          {
            title: t('addScene.cover'),
            width: 120,
            render: (_v, p) => <PanoramaThumb url={p.panoramaThumb} />,
          },
          { title: t('addScene.name'), dataIndex: 'panoramaName' },
          {
            title: t('addScene.created'),
            dataIndex: 'creationDate',
            width: 170,
            render: (d: string) => formatDateTime(d, 'YYYY-MM-DD HH:mm'),
          },
        ]}
        pagination={{
          current: page + 1,
          pageSize: PANORAMA_PAGE_SIZE,
          total: list.data?.totalElements ?? 0,
          showSizeChanger: false,
          onChange: (p) => setPage(p - 1),
        }}
      />
    </Modal>
  );
}

function PanoramaThumb({ url }: { url: string }) {
  const src = useAuthedSrc(url);
  return src ? (
    <img src={src} alt="" width={96} height={48} className="tl-vr-thumb" />
  ) : (
    <span className="tl-vr-thumb" />
  );
}

import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Scene } from '@tilth/contracts/vr.types';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { vrApi } from '../api/vr.api';
import { useAuthedSrc } from '../viewer/useAuthedSrc';
import { AddSceneModal } from './AddSceneModal';
import { sceneDeleteRefusal } from './editorFlow';

interface SceneStripProps {
  tenantId: number;
  vrId: number;
  scenes: Scene[];
  currentId: number | null;
  onChoose: (scenesId: number) => void;
  reload: () => Promise<Scene[]>;
  onDeleted: (scenesId: number) => void;
}

/** The scene strip (spec 03 §2, §4): each scene with a delete cross, the current one highlighted, add-scene. */
export function SceneStrip({
  tenantId,
  vrId,
  scenes,
  currentId,
  onChoose,
  reload,
  onDeleted,
}: SceneStripProps) {
  const { t } = useTranslation('vrEditor');
  const message = useMessage();
  const [modal, holder] = Modal.useModal();
  const [adding, setAdding] = useState(false);

  const remove = (s: Scene) =>
    modal.confirm({
      title: t('scene.deleteQuestion', { name: s.scenesName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (sceneDeleteRefusal(scenes.length)) {
          message.warning(t('scene.lastScene'));
          return;
        }
        try {
          const result = await vrApi.deleteScene(tenantId, s.scenesId);
          if (result !== 1) return;
          onDeleted(s.scenesId);
          await reload();
          message.success(t('scene.deleted'));
        } catch {
          // the API client has said why; the strip stays as it was
        }
      },
    });

  return (
    <nav className="tl-vr-strip" aria-label={t('scene.strip')}>
      {holder}
      {scenes.map((s) => (
        <SceneTile
          key={s.scenesId}
          scene={s}
          current={s.scenesId === currentId}
          onChoose={() => onChoose(s.scenesId)}
          onDelete={() => remove(s)}
          deleteLabel={t('scene.delete', { name: s.scenesName })}
        />
      ))}
      <button type="button" className="tl-vr-strip__add" onClick={() => setAdding(true)}>
        <PlusOutlined />
        <span>{t('scene.add')}</span>
      </button>
      {adding ? (
        <AddSceneModal
          tenantId={tenantId}
          vrId={vrId}
          existing={scenes.length}
          onClose={() => setAdding(false)}
          onAdded={async () => {
            await reload().catch(() => undefined);
          }}
        />
      ) : null}
    </nav>
  );
}

function SceneTile(props: {
  scene: Scene;
  current: boolean;
  onChoose: () => void;
  onDelete: () => void;
  deleteLabel: string;
}) {
  const src = useAuthedSrc(props.scene.thumbUrl || props.scene.panorama.panoramaThumb);
  return (
    <div className={`tl-vr-strip__scene${props.current ? ' tl-vr-strip__scene--current' : ''}`}>
      <button
        type="button"
        className="tl-vr-strip__choose"
        aria-current={props.current}
        onClick={props.onChoose}
      >
        {src ? <img src={src} alt="" /> : <span className="tl-vr-strip__blank" />}
        <span className="tl-vr-strip__name">{props.scene.scenesName}</span>
      </button>
      <button
        type="button"
        className="tl-vr-strip__delete"
        aria-label={props.deleteLabel}
        onClick={props.onDelete}
      >
        <CloseOutlined />
      </button>
    </div>
  );
}

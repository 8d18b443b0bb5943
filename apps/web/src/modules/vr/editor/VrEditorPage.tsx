import { VR_SAVE_DEBOUNCE_MS } from '@tilth/contracts/vr.types';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useMessage } from '../../../shared/FeedbackProvider';
import { createThrottle } from '../../../shared/throttle';
import { useSelf } from '../../account/api/account.api';
import { useScenes, useVr } from '../api/vr.api';
import { PanoViewer, type PanoViewerHandle } from '../viewer/PanoViewer';
import { BasicsTab } from './BasicsTab';
import { saveRefusal, switchScene } from './editorFlow';
import { type HotspotPanelState, HotspotTab } from './HotspotTab';
import { nextStartPanel, SceneSidePanel, type StartPanelState } from './SceneSidePanel';
import { SceneStrip } from './SceneStrip';
import { useSceneDraft } from './useSceneDraft';
import { ViewTab } from './ViewTab';
import './editor.css';

/** /edit-vr/:id (spec 03 §2, §4): a tour's scenes, their views and hotspots, saved scene by scene. */
export function VrEditorPage() {
  const { t } = useTranslation('vrEditor');
  const message = useMessage();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const vrId = Number(useParams().id) || 0;
  const self = useSelf();
  const tenantId = self.data?.tenantId ?? 0;
  const vr = useVr(tenantId || undefined, vrId);
  const scenes = useScenes(tenantId || undefined, vrId);
  const draft = useSceneDraft(tenantId, vrId, scenes.data);
  const viewer = useRef<PanoViewerHandle>(null);
  const [saving, setSaving] = useState(false);
  const [panel, setPanel] = useState<HotspotPanelState>({ mode: 'list' });
  const [tab, setTab] = useState('basics');
  const [startPanel, setStartPanel] = useState<StartPanelState>('open');
  const gate = useMemo(() => createThrottle(VR_SAVE_DEBOUNCE_MS), []);

  // The viewer shows the hotspot being edited where it stands, before it is confirmed.
  const shown = useMemo(() => {
    if (panel.mode === 'list') return draft.hotspots;
    const d = panel.draft;
    const h = { ...d, HType: d.HType ?? 1 };
    const i = draft.hotspots.findIndex((x) => x.name === d.name);
    return i < 0 ? [...draft.hotspots, h] : draft.hotspots.map((x) => (x.name === d.name ? h : x));
  }, [draft.hotspots, panel]);

  const saveNow = async (): Promise<boolean> => {
    setSaving(true);
    try {
      return await draft.save();
    } finally {
      setSaving(false);
    }
  };

  const onSave = async () => {
    if (saveRefusal(panel.mode !== 'list')) {
      message.warning(t('save.finishHotspots'));
      return;
    }
    if (!gate()) return;
    if (await saveNow()) {
      await draft.reload().catch(() => undefined);
      message.success(t('save.done'));
    }
  };

  const onQuit = () =>
    modal.confirm({
      title: t('quit.question'),
      okText: t('quit.confirm'),
      cancelText: t('quit.cancel'),
      onOk: () => {
        void navigate(-1);
      },
    });

  const onChooseScene = (scenesId: number) => {
    if (scenesId === draft.scene?.scenesId) return;
    const steps = {
      save: saveNow,
      reload: async () => {
        await draft.reload();
      },
      saved: () => message.success(t('save.done')),
      select: () => {
        setPanel({ mode: 'list' });
        draft.select(scenesId);
      },
    };
    modal.confirm({
      title: t('switch.question'),
      okText: t('switch.save'),
      cancelText: t('switch.discard'),
      closable: false,
      maskClosable: false,
      keyboard: false,
      onOk: () => {
        if (panel.mode !== 'list') {
          message.warning(t('save.finishHotspots'));
          return;
        }
        void switchScene('save', steps);
      },
      onCancel: () => {
        void switchScene('discard', steps);
      },
    });
  };

  if (self.isPending || vr.isPending || scenes.isPending) {
    return (
      <div className="tl-vr-editor tl-vr-editor--loading">
        <Spin />
      </div>
    );
  }
  if (!vr.data || !scenes.data) {
    return <div className="tl-vr-editor tl-vr-editor--loading">{t('loadFailed')}</div>;
  }
  const scene = draft.scene;

  return (
    <div className="tl-vr-editor">
      {modalHolder}
      <header className="tl-vr-editor__header">
        <h1 className="tl-vr-editor__name">{vr.data.vrName}</h1>
        <div className="tl-vr-editor__actions">
          <Button type="primary" onClick={() => void onSave()} disabled={!scene}>
            {t('save.button')}
          </Button>
          <Button onClick={onQuit}>{t('quit.button')}</Button>
        </div>
      </header>
      <div className="tl-vr-editor__body">
        <aside className="tl-vr-editor__side">
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'basics',
                label: t('tab.basics'),
                children: <BasicsTab tenantId={tenantId} vr={vr.data} />,
              },
              {
                key: 'view',
                label: t('tab.view'),
                disabled: !scene,
                children: scene ? (
                  <ViewTab
                    visual={draft.visual}
                    preview={scene.previewUrl || scene.panorama.panoramaPreview}
                    onChange={(next, turn) => {
                      draft.setVisual(next);
                      if (turn)
                        viewer.current?.lookAt({
                          hlookat: next.hlookat,
                          vlookat: next.vlookat,
                          fov: next.fov,
                        });
                    }}
                    currentView={() => viewer.current?.getView() ?? null}
                  />
                ) : null,
              },
              {
                key: 'hotspots',
                label: t('tab.hotspots'),
                disabled: !scene,
                children: scene ? (
                  <HotspotTab
                    tenantId={tenantId}
                    scene={scene}
                    scenes={scenes.data}
                    hotspots={draft.hotspots}
                    setHotspots={draft.setHotspots}
                    panel={panel}
                    setPanel={setPanel}
                    viewCentre={() => viewer.current?.getView() ?? { hlookat: 0, vlookat: 0, fov: 90 }}
                  />
                ) : null,
              },
            ]}
          />
        </aside>
        <main className="tl-vr-editor__stage">
          {startPanel !== 'closed' && scenes.data.length > 0 ? (
            <SceneSidePanel
              scenes={scenes.data}
              currentId={scene?.scenesId ?? null}
              state={startPanel}
              onToggle={() => setStartPanel((s) => nextStartPanel(s, 'toggle'))}
              onClose={() => setStartPanel((s) => nextStartPanel(s, 'close'))}
              onChoose={(id) => {
                setStartPanel((s) => nextStartPanel(s, 'choose'));
                onChooseScene(id);
              }}
            />
          ) : null}
          {scene ? (
            <PanoViewer
              ref={viewer}
              sceneKey={scene.scenesId}
              source={{
                images: scene.images || scene.panorama.panoramaImages,
                preview: scene.previewUrl || scene.panorama.panoramaPreview,
                tiles: scene.panorama.tiles,
              }}
              visual={draft.visual}
              hotspots={shown}
              auth="session"
              editable
              selectedHotspot={panel.mode === 'list' ? null : panel.draft.name}
              onHotspotClick={(h) => {
                if (panel.mode !== 'list') return;
                setTab('hotspots');
                setPanel({ mode: 'edit', draft: h, before: draft.hotspots });
              }}
              onHotspotMove={(name, at) => {
                if (panel.mode !== 'list' && panel.draft.name === name) {
                  setPanel({ ...panel, draft: { ...panel.draft, ...at } });
                } else {
                  draft.setHotspots((list) => list.map((h) => (h.name === name ? { ...h, ...at } : h)));
                }
              }}
            />
          ) : (
            <div className="tl-vr-editor__empty">{t('scene.none')}</div>
          )}
        </main>
      </div>
      <SceneStrip
        tenantId={tenantId}
        vrId={vrId}
        scenes={scenes.data}
        currentId={scene?.scenesId ?? null}
        onChoose={onChooseScene}
        reload={draft.reload}
        onDeleted={(id) => {
          if (id === scene?.scenesId) {
            setPanel({ mode: 'list' });
            const next = scenes.data.find((s) => s.scenesId !== id);
            if (next) draft.select(next.scenesId);
          }
        }}
      />
      {saving ? (
        <div className="tl-vr-editor__overlay" role="status" aria-label={t('save.saving')}>
          <Spin size="large" />
        </div>
      ) : null}
    </div>
  );
}

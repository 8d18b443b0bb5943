import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import type { Hotspot, Visual } from '@tilth/contracts/vr.types';
import Spin from 'antd/es/spin';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../shared/brand/Logo';
import { AuthImage } from '../library/AuthImage';
import { type PanoSource, PanoViewer, type PanoViewerHandle } from '../viewer/PanoViewer';
import { type HotspotAction, hotspotAction, openLink } from './hotspotAction';
import { useFullscreen, useSceneTiming } from './sceneTiming';
import { AlbumPopup, IntroPopup, TextPopup } from './TourPopups';
import './tourView.css';
import { LanguageSelect } from '../../../shared/i18n/LanguageSelect';

/** One scene as the preview and the public page show it. */
export interface TourScene {
  scenesId: number;
  scenesName: string;
  thumbUrl: string;
  source: PanoSource;
  visual: Visual;
  hotspots: Hotspot[];
}

export type DeviceAction = Extract<HotspotAction, { kind: 'device' }>;

export interface TourViewProps {
  vrName: string;
  description: string;
  logoUrl?: string | null;
  scenes: TourScene[];
  auth: 'session' | 'none';
  /** The close icon (console preview); none on a public link. */
  onClose?: () => void;
  /** The device popup of a device hotspot (live in the console, read-only on a public link). */
  renderDevice: (action: DeviceAction, scenesId: number, close: () => void) => ReactNode;
}

type Popup = Exclude<HotspotAction, { kind: 'scene' | 'link' | 'none' }> | { kind: 'intro' };

/** The full-page tour (spec 03 §2 "VR preview"): header, viewer, footer, scene bar and popups. */
export function TourView({
  vrName,
  description,
  logoUrl,
  scenes,
  auth,
  onClose,
  renderDevice,
}: TourViewProps) {
  const { t } = useTranslation('vr');
  const viewer = useRef<PanoViewerHandle>(null);
  const [currentId, setCurrentId] = useState<number | null>(scenes[0]?.scenesId ?? null);
  const [arrive, setArrive] = useState<{ hlookat: number; vlookat: number } | null>(null);
  const [barOpen, setBarOpen] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  const { loading, nameVisible } = useSceneTiming(currentId);
  const fullscreen = useFullscreen();
  const scene = scenes.find((s) => s.scenesId === currentId) ?? scenes[0];

  const goTo = useCallback((scenesId: number, to: { hlookat: number; vlookat: number } | null = null) => {
    setArrive(to);
    setCurrentId(scenesId);
  }, []);

  const onHotspot = useCallback(
    (h: Hotspot) => {
      const action = hotspotAction(h);
      if (action.kind === 'none') return;
      if (action.kind === 'scene') {
        if (scenes.some((s) => s.scenesId === action.scenesId)) goTo(action.scenesId, action.arrive);
        return;
      }
      if (action.kind === 'link') return openLink(action.url);
      setPopup(action);
    },
    [scenes, goTo],
  );

  const close = () => setPopup(null);

  const closeBar = () => {
    if (!barOpen) return;
    setBarOpen(false);
    if (scene)
      viewer.current?.lookAt({
        hlookat: scene.visual.hlookat,
        vlookat: scene.visual.vlookat,
        fov: scene.visual.fov,
      });
  };

  return (
    <div className="tl-vr-tour">
      <header className="tl-vr-tour__header">
        <div className="tl-vr-tour__brand">
          <Logo src={logoUrl ?? undefined} size={28} />
          <span className="tl-vr-tour__title">{vrName}</span>
        </div>
        {onClose ? (
          <button
            type="button"
            className="tl-vr-tour__icon"
            aria-label={t('vr:preview.close')}
            onClick={onClose}
          >
            <CloseOutlined />
          </button>
        ) : (
          // The public link has no console around it: visitors pick the language here.
          <LanguageSelect tone="dark" />
        )}
      </header>
      {/* Clicking elsewhere while the scene bar is open closes it and resets the view (spec 03 §4). */}
      <div className="tl-vr-tour__stage" onPointerDown={closeBar}>
        {scene ? (
          <PanoViewer
            ref={viewer}
            sceneKey={scene.scenesId}
            source={scene.source}
            visual={scene.visual}
            hotspots={scene.hotspots}
            arrive={arrive}
            auth={auth}
            onHotspotClick={onHotspot}
            style={{ width: '100%', height: '100%' }}
          />
        ) : (
          <div className="tl-vr-tour__empty">{t('vr:preview.noScenes')}</div>
        )}
        {loading ? (
          <div className="tl-vr-tour__loading" data-testid="tour-loading">
            <Spin size="large" />
          </div>
        ) : null}
        {scene ? (
          <div
            className={`tl-vr-tour__scene-name${nameVisible ? ' is-visible' : ''}`}
            aria-hidden={!nameVisible}
            data-testid="scene-name"
          >
            {scene.scenesName}
          </div>
        ) : null}
      </div>
      {barOpen ? (
        <nav className="tl-vr-tour__bar" aria-label={t('vr:preview.scenes')}>
          {scenes.map((s) => (
            <button
              key={s.scenesId}
              type="button"
              className={`tl-vr-tour__thumb${s.scenesId === scene?.scenesId ? ' is-current' : ''}`}
              aria-current={s.scenesId === scene?.scenesId ? 'true' : undefined}
              onClick={() => goTo(s.scenesId)}
            >
              <AuthImage url={s.thumbUrl} width={120} height={60} alt={s.scenesName} />
              <span>{s.scenesName}</span>
            </button>
          ))}
        </nav>
      ) : null}
      <footer className="tl-vr-tour__footer">
        <button
          type="button"
          className="tl-vr-tour__tool"
          aria-pressed={barOpen}
          onClick={() => setBarOpen((o) => !o)}
        >
          <AppstoreOutlined />
          <span>{t('vr:preview.sceneSelect')}</span>
        </button>
        <button type="button" className="tl-vr-tour__tool" onClick={() => setPopup({ kind: 'intro' })}>
          <InfoCircleOutlined />
          <span>{t('vr:preview.intro')}</span>
        </button>
        <button
          type="button"
          className="tl-vr-tour__tool"
          aria-pressed={fullscreen.on}
          onClick={() => fullscreen.toggle(null)}
        >
          {fullscreen.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          <span>{fullscreen.on ? t('vr:preview.exitFullscreen') : t('vr:preview.fullscreen')}</span>
        </button>
      </footer>
      {popup?.kind === 'intro' ? (
        <IntroPopup name={vrName} description={description} onClose={close} />
      ) : null}
      {popup?.kind === 'text' ? <TextPopup title={popup.title} text={popup.text} onClose={close} /> : null}
      {popup?.kind === 'album' ? (
        <AlbumPopup title={popup.title} images={popup.images} onClose={close} />
      ) : null}
      {popup?.kind === 'device' && scene ? renderDevice(popup, scene.scenesId, close) : null}
    </div>
  );
}

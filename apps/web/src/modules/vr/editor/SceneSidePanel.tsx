import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import type { Scene } from '@tilth/contracts/vr.types';
import { useTranslation } from 'react-i18next';
import { useAuthedSrc } from '../viewer/useAuthedSrc';

/** open → collapsed ⇄ open; picking a scene or closing ends it for this visit (spec 03 §2 "start-only"). */
export type StartPanelState = 'open' | 'collapsed' | 'closed';
export type StartPanelAction = 'toggle' | 'close' | 'choose';

export const nextStartPanel = (state: StartPanelState, action: StartPanelAction): StartPanelState => {
  if (state === 'closed' || action !== 'toggle') return 'closed';
  return state === 'open' ? 'collapsed' : 'open';
};

interface SceneSidePanelProps {
  scenes: readonly Scene[];
  currentId: number | null;
  state: 'open' | 'collapsed';
  onToggle: () => void;
  onClose: () => void;
  /** The page's scene choice — the same switch-scene question as the strip. */
  onChoose: (scenesId: number) => void;
}

/** The editor's start-only side panel: the tour's scenes to jump to when the editor opens. */
export function SceneSidePanel({
  scenes,
  currentId,
  state,
  onToggle,
  onClose,
  onChoose,
}: SceneSidePanelProps) {
  const { t } = useTranslation('vrEditor');
  const open = state === 'open';
  return (
    <section
      className={`tl-vr-start${open ? '' : ' tl-vr-start--collapsed'}`}
      aria-label={t('startPanel.title')}
    >
      <header className="tl-vr-start__header">
        <button
          type="button"
          className="tl-vr-start__toggle"
          aria-expanded={open}
          aria-label={open ? t('startPanel.collapse') : t('startPanel.expand')}
          onClick={onToggle}
        >
          {open ? <LeftOutlined /> : <RightOutlined />}
        </button>
        {open ? (
          <>
            <span className="tl-vr-start__title">{t('startPanel.title')}</span>
            <button
              type="button"
              className="tl-vr-start__close"
              aria-label={t('startPanel.close')}
              onClick={onClose}
            >
              <CloseOutlined />
            </button>
          </>
        ) : null}
      </header>
      {open ? (
        <>
          <p className="tl-vr-start__hint">{t('startPanel.hint')}</p>
          <ul className="tl-vr-start__list">
            {scenes.map((s) => (
              <li key={s.scenesId}>
                <StartScene
                  scene={s}
                  current={s.scenesId === currentId}
                  onChoose={() => onChoose(s.scenesId)}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function StartScene({ scene, current, onChoose }: { scene: Scene; current: boolean; onChoose: () => void }) {
  const src = useAuthedSrc(scene.thumbUrl || scene.panorama.panoramaThumb);
  return (
    <button
      type="button"
      className={`tl-vr-start__scene${current ? ' tl-vr-start__scene--current' : ''}`}
      aria-current={current}
      onClick={onChoose}
    >
      {src ? <img src={src} alt="" /> : <span className="tl-vr-start__blank" />}
      <span className="tl-vr-start__name">{scene.scenesName}</span>
    </button>
  );
}

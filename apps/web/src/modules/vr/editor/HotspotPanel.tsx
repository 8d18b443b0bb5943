import {
  HOTSPOT_ALBUM_MAX,
  HOTSPOT_SIZE_FACTOR,
  HOTSPOT_TEXT_MAX,
  HOTSPOT_TEXT_ROWS,
  HOTSPOT_TITLE_MAX,
  HOTSPOT_TYPES,
  type Hotspot,
  type HotspotType,
  type Scene,
} from '@tilth/contracts/vr.types';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { imageVariant, useImageSrc } from '../../../shared/file/fileImage';
import { ImageListField } from '../../../shared/file/ImageListField';
import { vrApi } from '../api/vr.api';
import { HOTSPOT_ICON_NAMES, HOTSPOT_ICONS } from '../viewer/hotspotIcons';
import { ArrivePicker } from './ArrivePicker';
import { DevicePicker } from './DevicePicker';
import {
  finishHotspot,
  type HotspotDraft,
  linkProblem,
  ruleKey,
  sizeFactorOf,
  upsertHotspot,
  withSizeFactor,
  withType,
} from './hotspotForm';

interface HotspotPanelProps {
  tenantId: number;
  scene: Scene;
  scenes: Scene[];
  mode: 'add' | 'edit';
  draft: HotspotDraft;
  onDraft: (d: HotspotDraft) => void;
  onConfirm: (apply: (list: Hotspot[]) => Hotspot[]) => void;
  onCancel: () => void;
}

const ALBUM_TYPES = ['image/jpeg', 'image/png'] as const;
const ALBUM_FILE_MAX = 10 * 1024 * 1024;
const albumProblem = (file: File): 'type' | 'size' | null =>
  (ALBUM_TYPES as readonly string[]).includes(file.type)
    ? file.size > ALBUM_FILE_MAX
      ? 'size'
      : null
    : 'type';

/** The add / edit panel of one hotspot: icon, size, type, title and the type's content. */
export function HotspotPanel({
  tenantId,
  scene,
  scenes,
  mode,
  draft,
  onDraft,
  onConfirm,
  onCancel,
}: HotspotPanelProps) {
  const { t } = useTranslation('vrEditor');
  const message = useMessage();
  const [linkError, setLinkError] = useState<string | null>(null);
  const [picking, setPicking] = useState<'device' | 'arrive' | null>(null);
  const [albumBusy, setAlbumBusy] = useState(false);
  const content = draft.content;
  const setContent = (c: Partial<HotspotDraft['content']>) =>
    onDraft({ ...draft, content: { ...content, ...c } });
  const target = scenes.find((s) => s.scenesId === content.scenesId) ?? null;

  const confirm = () => {
    if (albumBusy) return;
    const done = finishHotspot(draft);
    if ('rule' in done) {
      message.error(t(ruleKey(done.rule)));
      return;
    }
    onConfirm((list) => upsertHotspot(list, done.hotspot));
  };

  return (
    <div className="tl-vr-panel">
      <h3>{t(mode === 'add' ? 'hotspot.addTitle' : 'hotspot.editTitle')}</h3>
      <div className="tl-vr-field">
        <span className="tl-vr-field__label">{t('hotspot.icon')}</span>
        <div className="tl-vr-icons">
          {HOTSPOT_ICON_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={draft.url === name}
              aria-label={t(`hotspot.iconName.${name}`)}
              className={`tl-vr-icons__choice${draft.url === name ? ' tl-vr-icons__choice--on' : ''}`}
              onClick={() => onDraft({ ...draft, url: name })}
            >
              <img src={HOTSPOT_ICONS[name]} alt="" width={28} height={28} />
            </button>
          ))}
        </div>
      </div>
      <div className="tl-vr-field">
        <span className="tl-vr-field__label">{t('hotspot.size')}</span>
        <Slider
          min={HOTSPOT_SIZE_FACTOR.min}
          max={HOTSPOT_SIZE_FACTOR.max}
          step={HOTSPOT_SIZE_FACTOR.step}
          value={sizeFactorOf(draft.width)}
          onChange={(f: number) => onDraft(withSizeFactor(draft, f))}
          aria-label={t('hotspot.size')}
        />
      </div>
      <div className="tl-vr-field">
        <span className="tl-vr-field__label">{t('hotspot.typeLabel')}</span>
        <Select<HotspotType>
          value={draft.HType}
          placeholder={t('hotspot.rule.typeRequired')}
          options={Object.values(HOTSPOT_TYPES).map((v) => ({ value: v, label: t(`hotspot.type.${v}`) }))}
          onChange={(v) => {
            setLinkError(null);
            onDraft(withType(draft, v));
          }}
          aria-label={t('hotspot.typeLabel')}
        />
      </div>
      <div className="tl-vr-field">
        <span className="tl-vr-field__label">{t('hotspot.title')}</span>
        <Input
          value={draft.text}
          aria-label={t('hotspot.title')}
          maxLength={HOTSPOT_TITLE_MAX}
          showCount
          onChange={(e) => onDraft({ ...draft, text: e.target.value })}
        />
      </div>

      {draft.HType === 1 ? (
        <>
          <div className="tl-vr-field">
            <span className="tl-vr-field__label">{t('hotspot.scene')}</span>
            <Select<number>
              value={content.scenesId}
              placeholder={t('hotspot.rule.sceneRequired')}
              options={scenes
                .filter((s) => s.scenesId !== scene.scenesId)
                .map((s) => ({ value: s.scenesId, label: s.scenesName }))}
              onChange={(scenesId) => setContent({ scenesId, arriveHlookat: null, arriveVlookat: null })}
              aria-label={t('hotspot.scene')}
            />
          </div>
          <div className="tl-vr-field">
            <span className="tl-vr-field__label">{t('hotspot.arrive')}</span>
            <p className="tl-vr-panel__hint">
              {content.arriveHlookat == null || content.arriveVlookat == null
                ? t('hotspot.arriveInitial')
                : t('hotspot.arriveAt', { h: content.arriveHlookat, v: content.arriveVlookat })}
            </p>
            <div className="tl-vr-panel__row">
              <Button
                size="small"
                disabled={!target}
                onClick={() => setContent({ arriveHlookat: null, arriveVlookat: null })}
              >
                {t('hotspot.arriveUseInitial')}
              </Button>
              <Button size="small" disabled={!target} onClick={() => setPicking('arrive')}>
                {t('hotspot.arriveLook')}
              </Button>
            </div>
          </div>
        </>
      ) : null}

      {draft.HType === 2 ? (
        <div className="tl-vr-field">
          <span className="tl-vr-field__label">{t('hotspot.device')}</span>
          <p className="tl-vr-panel__hint">
            {content.device
              ? `${content.device.name} (${t(`device.type.${content.device.deviceType}`)})`
              : t('hotspot.rule.deviceRequired')}
          </p>
          <Button size="small" onClick={() => setPicking('device')}>
            {t('hotspot.deviceChoose')}
          </Button>
        </div>
      ) : null}

      {draft.HType === 3 ? (
        <div className="tl-vr-field">
          <span className="tl-vr-field__label">{t('hotspot.album')}</span>
          <ImageListField
            value={content.images ?? []}
            onChange={(images) => setContent({ images })}
            onBusyChange={setAlbumBusy}
            max={HOTSPOT_ALBUM_MAX}
            accept={ALBUM_TYPES}
            check={albumProblem}
            upload={async (file) => (await vrApi.uploadImage(tenantId, file)).fileUrl}
            labels="vrEditor:album"
            size={64}
            renderImages={(urls, remove) =>
              urls.map((u) => <AlbumThumb key={u} url={u} remove={remove(u)} />)
            }
          />
        </div>
      ) : null}

      {draft.HType === 4 ? (
        <div className="tl-vr-field">
          <span className="tl-vr-field__label">{t('hotspot.text')}</span>
          <Input.TextArea
            value={content.text ?? ''}
            aria-label={t('hotspot.text')}
            maxLength={HOTSPOT_TEXT_MAX}
            showCount
            autoSize={{ minRows: HOTSPOT_TEXT_ROWS.min, maxRows: HOTSPOT_TEXT_ROWS.max }}
            onChange={(e) => setContent({ text: e.target.value })}
          />
        </div>
      ) : null}

      {draft.HType === 5 ? (
        <div className="tl-vr-field">
          <span className="tl-vr-field__label">{t('hotspot.link')}</span>
          <Input
            value={content.link ?? ''}
            aria-label={t('hotspot.link')}
            status={linkError ? 'error' : undefined}
            placeholder="https://"
            onChange={(e) => setContent({ link: e.target.value })}
            onBlur={() => {
              const problem = linkProblem(content.link ?? '');
              setLinkError(problem ? t(ruleKey(problem)) : null);
            }}
          />
          {linkError ? <span className="tl-vr-field__error">{linkError}</span> : null}
        </div>
      ) : null}

      <div className="tl-vr-panel__actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" onClick={confirm} disabled={albumBusy}>
          {t('common.confirm')}
        </Button>
      </div>

      {picking === 'device' ? (
        <DevicePicker
          tenantId={tenantId}
          value={content.device ?? null}
          onClose={() => setPicking(null)}
          onChoose={(device) => {
            setContent({ device, realName: device.name });
            setPicking(null);
          }}
        />
      ) : null}
      {picking === 'arrive' && target ? (
        <ArrivePicker
          target={target}
          onClose={() => setPicking(null)}
          onChoose={(at) => {
            setContent({ arriveHlookat: at.hlookat, arriveVlookat: at.vlookat });
            setPicking(null);
          }}
        />
      ) : null}
    </div>
  );
}

function AlbumThumb({ url, remove }: { url: string; remove: ReactNode }) {
  const src = useImageSrc(imageVariant(url, 128));
  return (
    <span className="tl-vr-album__item">
      {src ? <img src={src} alt="" width={64} height={64} /> : null}
      {remove}
    </span>
  );
}

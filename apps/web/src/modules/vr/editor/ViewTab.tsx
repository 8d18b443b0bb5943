import type { Visual } from '@tilth/contracts/vr.types';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Slider from 'antd/es/slider';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthedSrc } from '../viewer/useAuthedSrc';
import type { ViewPosition } from '../viewer/viewMath';
import { applyViewField, applyViewRange, setInitialView, type ViewField } from './viewForm';

interface ViewTabProps {
  visual: Visual;
  /** The scene's 2048×1024 preview, for the small picture of the initial view. */
  preview: string;
  /** `turn`: the initial direction or fov changed, so the viewer turns to it. */
  onChange: (next: Visual, turn: boolean) => void;
  currentView: () => ViewPosition | null;
}

const turned = (a: Visual, b: Visual) =>
  a.fov !== b.fov || a.hlookat !== b.hlookat || a.vlookat !== b.vlookat;

/** One number input; the value typed is judged on blur or Enter and the field shows what was kept. */
function DegreeInput(props: { value: number; label: string; onCommit: (raw: number | null) => void }) {
  const [text, setText] = useState<number | null>(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const commit = () => {
    props.onCommit(text);
    // Snapped back: the parent keeps its value, so the field shows it again.
    setText(props.value);
  };
  return (
    <InputNumber
      size="small"
      value={text}
      aria-label={props.label}
      onChange={(v) => setText(typeof v === 'number' ? v : null)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

/** View tab (spec 03 §2, §4–§5): field of view, vertical and horizontal limits, the initial view. */
export function ViewTab({ visual, preview, onChange, currentView }: ViewTabProps) {
  const { t } = useTranslation('vrEditor');
  // While a thumb is dragged the slider shows the drag; the rules judge the release.
  const [dragging, setDragging] = useState<{ keys: ViewField[]; values: number[] } | null>(null);

  const commitField = (key: ViewField, raw: number | null) => {
    const next = applyViewField(visual, key, raw);
    if (next !== visual) onChange(next, turned(visual, next));
  };
  const commitRange = (keys: ViewField[], values: number[]) => {
    setDragging(null);
    const next = applyViewRange(visual, keys, values);
    if (next !== visual) onChange(next, turned(visual, next));
  };
  const sliderValue = (keys: ViewField[]) =>
    dragging && dragging.keys.join() === keys.join() ? dragging.values : keys.map((k) => visual[k]);

  const range = (keys: ViewField[], min: number, max: number, label: string) => (
    <Slider
      range
      min={min}
      max={max}
      step={1}
      value={sliderValue(keys)}
      aria-label={label}
      onChange={(values: number[]) => setDragging({ keys, values })}
      onChangeComplete={(values: number[]) => commitRange(keys, values)}
    />
  );

  return (
    <div className="tl-vr-view">
      <section className="tl-vr-view__group">
        <h3>{t('view.fov')}</h3>
        {range(['fovmin', 'fov', 'fovmax'], 0, 180, t('view.fov'))}
        <div className="tl-vr-view__inputs">
          <span>{t('view.min')}</span>
          <DegreeInput
            value={visual.fovmin}
            label={t('view.fovMin')}
            onCommit={(v) => commitField('fovmin', v)}
          />
          <span>{t('view.initial')}</span>
          <DegreeInput
            value={visual.fov}
            label={t('view.fovInitial')}
            onCommit={(v) => commitField('fov', v)}
          />
          <span>{t('view.max')}</span>
          <DegreeInput
            value={visual.fovmax}
            label={t('view.fovMax')}
            onCommit={(v) => commitField('fovmax', v)}
          />
        </div>
      </section>
      <section className="tl-vr-view__group">
        <h3>{t('view.vertical')}</h3>
        {range(['vlookatmin', 'vlookatmax'], -90, 90, t('view.vertical'))}
        <div className="tl-vr-view__inputs">
          <span>{t('view.top')}</span>
          <DegreeInput
            value={visual.vlookatmin}
            label={t('view.top')}
            onCommit={(v) => commitField('vlookatmin', v)}
          />
          <span>{t('view.bottom')}</span>
          <DegreeInput
            value={visual.vlookatmax}
            label={t('view.bottom')}
            onCommit={(v) => commitField('vlookatmax', v)}
          />
        </div>
      </section>
      <section className="tl-vr-view__group">
        <h3>{t('view.horizontal')}</h3>
        {range(['hlookatmin', 'hlookatmax'], -180, 180, t('view.horizontal'))}
        <div className="tl-vr-view__inputs">
          <span>{t('view.left')}</span>
          <DegreeInput
            value={visual.hlookatmin}
            label={t('view.left')}
            onCommit={(v) => commitField('hlookatmin', v)}
          />
          <span>{t('view.right')}</span>
          <DegreeInput
            value={visual.hlookatmax}
            label={t('view.right')}
            onCommit={(v) => commitField('hlookatmax', v)}
          />
        </div>
      </section>
      <section className="tl-vr-view__group">
        <h3>{t('view.initialView')}</h3>
        <InitialViewPreview preview={preview} visual={visual} />
        <p className="tl-vr-view__numbers">
          {t('view.initialNumbers', { h: visual.hlookat, v: visual.vlookat, fov: visual.fov })}
        </p>
        <Button
          type="primary"
          block
          onClick={() => {
            const at = currentView();
            if (!at) return;
            const next = setInitialView(visual, at);
            if (next !== visual) onChange(next, false);
          }}
        >
          {t('view.setInitial')}
        </Button>
      </section>
    </div>
  );
}

const PREVIEW_W = 240;
const PREVIEW_H = 135;

/**
 * The initial view cut from the flat preview: centred on hlookat / vlookat, as wide as the fov. A flat crop
 * (no sphere projection), enough to recognise the direction without a second WebGL context.
 */
function InitialViewPreview({ preview, visual }: { preview: string; visual: Visual }) {
  const src = useAuthedSrc(preview);
  const fov = Math.max(1, visual.fov);
  const bgWidth = (PREVIEW_W * 360) / fov;
  const bgHeight = bgWidth / 2;
  const x = ((visual.hlookat + 180) / 360) * bgWidth - PREVIEW_W / 2;
  const y = ((visual.vlookat + 90) / 180) * bgHeight - PREVIEW_H / 2;
  return (
    <div
      className="tl-vr-view__preview"
      data-testid="initial-view-preview"
      style={{
        width: PREVIEW_W,
        height: PREVIEW_H,
        backgroundImage: src ? `url("${src}")` : undefined,
        backgroundSize: `${bgWidth}px ${bgHeight}px`,
        backgroundPosition: `${-x}px ${-y}px`,
        backgroundRepeat: 'repeat-x',
      }}
    />
  );
}

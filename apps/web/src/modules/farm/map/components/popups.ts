import type { MapBase, MapPlot } from '@tilth/contracts/map.types';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../../shared/format/number';

// Popup contents built as DOM with textContent (names are user input; no HTML strings).

const el = (tag: string, className: string, text?: string): HTMLElement => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

const row = (label: string, value: string): HTMLElement => {
  const r = el('div', 'tl-map-popup__row');
  r.append(el('span', 'tl-map-popup__label', label), el('span', 'tl-map-popup__value', value));
  return r;
};

/** "12.5 亩（8,333.4 m²）" in the reader's locale, or the no-boundary text. */
export const areaText = (t: TFunction, lang: string, mu: number | null, m2: number | null): string =>
  mu === null || m2 === null
    ? t('farmMap:popup.noBoundary')
    : t('farmMap:area.value', { mu: formatNumber(mu, lang, 2), m2: formatNumber(m2, lang, 1) });

export const plotPopup = (
  t: TFunction,
  lang: string,
  p: MapPlot,
  baseName: string | undefined,
): HTMLElement => {
  const root = el('div', 'tl-map-popup');
  const title = el('div', 'tl-map-popup__title', p.landName);
  if (p.landNum) title.append(el('span', 'tl-map-popup__code', p.landNum));
  root.append(title);
  if (baseName) root.append(row(t('farmMap:popup.base'), baseName));
  root.append(row(t('farmMap:popup.area'), areaText(t, lang, p.areaMu, p.areaM2)));
  root.append(
    row(t('farmMap:popup.usage'), t(`farmMap:usage.${p.landUsage === 'nurture' ? 'nurture' : 'plant'}`)),
  );
  const batch = p.batchName
    ? p.cropName
      ? t('farmMap:popup.batchWithCrop', { batch: p.batchName, crop: p.cropName })
      : p.batchName
    : t('farmMap:popup.noBatch');
  root.append(row(t('farmMap:popup.batch'), batch));
  if (p.enabledFlag !== 1) root.append(el('div', 'tl-map-popup__muted', t('farmMap:popup.disabled')));
  return root;
};

export const basePopup = (t: TFunction, lang: string, b: MapBase): HTMLElement => {
  const root = el('div', 'tl-map-popup');
  const title = el('div', 'tl-map-popup__title', b.areaName);
  if (b.areaNum) title.append(el('span', 'tl-map-popup__code', b.areaNum));
  root.append(title);
  root.append(row(t('farmMap:popup.plots'), formatNumber(b.landCount, lang, 0)));
  root.append(
    row(t('farmMap:popup.totalArea'), t('farmMap:area.mu', { mu: formatNumber(b.areaMu, lang, 2) })),
  );
  root.append(
    row(t('farmMap:popup.usage'), t(`farmMap:usage.${b.areaUsage === 'nurture' ? 'nurture' : 'plant'}`)),
  );
  return root;
};

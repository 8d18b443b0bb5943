import { CloseCircleIcon, type IconDef } from './icons/inlineIcons';
import './toast.css';

// A toast drawn like antd's message (top centre, white, icon + text) without antd: for screens that do not
// load it (the sign-in page), and for global notices raised while no antd message holder is mounted.

export interface ToastOptions {
  /** Seconds on screen (antd's default: 3). */
  seconds?: number;
  /** A toast with the same key replaces the shown one instead of stacking. */
  key?: string;
}

const MAX_SHOWN = 3;
const SVG = 'http://www.w3.org/2000/svg';

let container: HTMLDivElement | null = null;
const shown = new Map<HTMLElement, { key?: string; timer: ReturnType<typeof setTimeout> }>();

const iconOf = (icon: IconDef): HTMLSpanElement => {
  const span = document.createElement('span');
  span.className = 'tl-icon tl-toast__icon';
  span.setAttribute('role', 'img');
  span.setAttribute('aria-label', icon.label);
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({ viewBox: icon.viewBox, width: '1em', height: '1em' })) {
    svg.setAttribute(name, value);
  }
  svg.setAttribute('fill', 'currentColor');
  svg.setAttribute('aria-hidden', 'true');
  for (const d of icon.paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  span.append(svg);
  return span;
};

const close = (notice: HTMLElement): void => {
  const entry = shown.get(notice);
  if (!entry) return;
  clearTimeout(entry.timer);
  shown.delete(notice);
  notice.classList.add('tl-toast__notice--leave');
  // Removed after its leave animation (or at once when animations are off).
  const remove = () => notice.remove();
  notice.addEventListener('animationend', remove, { once: true });
  setTimeout(remove, 400);
};

/** Shows an error toast (role="alert", so screen readers announce it). */
export const toastError = (text: string, options: ToastOptions = {}): void => {
  if (!text || typeof document === 'undefined') return;
  if (!container?.isConnected) {
    container = document.createElement('div');
    container.className = 'tl-toast';
    document.body.append(container);
  }
  for (const [notice, entry] of shown) if (options.key && entry.key === options.key) close(notice);
  const notice = document.createElement('div');
  notice.className = 'tl-toast__notice tl-toast__notice--error';
  notice.setAttribute('role', 'alert');
  notice.dataset.testid = 'toast';
  const content = document.createElement('div');
  content.className = 'tl-toast__content';
  const label = document.createElement('span');
  label.textContent = text;
  content.append(iconOf(CloseCircleIcon), label);
  notice.append(content);
  container.append(notice);
  const timer = setTimeout(() => close(notice), (options.seconds ?? 3) * 1000);
  shown.set(notice, { key: options.key, timer });
  const extra = shown.size - MAX_SHOWN;
  if (extra > 0) for (const old of [...shown.keys()].slice(0, extra)) close(old);
};

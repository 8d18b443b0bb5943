import { type ReactElement, useId } from 'react';
import type { ThemeLayout } from './theme';

interface LayoutThumbProps {
  layout: ThemeLayout;
  /** The menu's colour (its background, or the theme colour when it follows it). */
  menu: string;
  /** The theme colour, for the selected entry. */
  accent: string;
}

const PAGE = '#eef2ef';
const CARD = '#ffffff';
const LINE = '#d5ddd8';

/** A miniature of a shell layout (spec 01 §2.10): where the menu, the header and the content sit. */
export function LayoutThumb({ layout, menu, accent }: LayoutThumbProps) {
  const clip = useId();
  const lines = (x: number, y: number, n: number, w: number, fill: string, gap = 6) =>
    Array.from({ length: n }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static decoration
      <rect key={i} x={x} y={y + i * gap} width={w} height="2.5" rx="1.2" fill={fill} />
    ));
  const parts: Record<ThemeLayout, ReactElement> = {
    float: (
      <>
        <rect x="3" y="3" width="17" height="44" rx="4" fill={menu} />
        {lines(6, 12, 4, 11, 'rgba(255,255,255,0.7)')}
        <rect x="23" y="3" width="46" height="7" rx="2.5" fill={CARD} />
        <rect x="23" y="13" width="46" height="34" rx="3" fill={CARD} />
        <rect x="27" y="18" width="16" height="3" rx="1.5" fill={accent} />
      </>
    ),
    lengthway: (
      <>
        <rect x="0" y="0" width="18" height="50" fill={menu} />
        {lines(3, 10, 5, 12, 'rgba(255,255,255,0.7)')}
        <rect x="18" y="0" width="54" height="8" fill={CARD} />
        <rect x="22" y="12" width="46" height="34" rx="2" fill={CARD} />
        <rect x="26" y="17" width="16" height="3" rx="1.5" fill={accent} />
      </>
    ),
    subfield: (
      <>
        <rect x="0" y="0" width="9" height="50" fill={menu} />
        {lines(2.5, 9, 5, 4, 'rgba(255,255,255,0.75)', 7)}
        <rect x="9" y="0" width="15" height="50" fill={CARD} />
        {lines(12, 9, 5, 9, LINE)}
        <rect x="24" y="0" width="48" height="8" fill={CARD} stroke={PAGE} />
        <rect x="27" y="12" width="42" height="34" rx="2" fill={CARD} />
        <rect x="31" y="17" width="14" height="3" rx="1.5" fill={accent} />
      </>
    ),
    synthesis: (
      <>
        <rect x="0" y="0" width="72" height="9" fill={menu} />
        {lines(20, 3.5, 1, 30, 'rgba(255,255,255,0.7)')}
        <rect x="0" y="9" width="16" height="41" fill={CARD} />
        {lines(3, 15, 4, 10, LINE)}
        <rect x="19" y="13" width="50" height="34" rx="2" fill={CARD} />
        <rect x="23" y="18" width="16" height="3" rx="1.5" fill={accent} />
      </>
    ),
    crosswise: (
      <>
        <rect x="0" y="0" width="72" height="9" fill={menu} />
        <rect x="14" y="3.5" width="8" height="2.5" rx="1.2" fill="rgba(255,255,255,0.75)" />
        <rect x="25" y="3.5" width="8" height="2.5" rx="1.2" fill="rgba(255,255,255,0.75)" />
        <rect x="36" y="3.5" width="8" height="2.5" rx="1.2" fill="rgba(255,255,255,0.75)" />
        <rect x="4" y="13" width="64" height="33" rx="2" fill={CARD} />
        <rect x="8" y="18" width="18" height="3" rx="1.5" fill={accent} />
      </>
    ),
  };
  return (
    <svg viewBox="0 0 72 50" width="72" height="50" aria-hidden="true" focusable="false">
      <clipPath id={clip}>
        <rect width="72" height="50" rx="5" />
      </clipPath>
      <g clipPath={`url(#${CSS.escape(clip)})`}>
        <rect width="72" height="50" fill={PAGE} />
        {parts[layout]}
      </g>
    </svg>
  );
}

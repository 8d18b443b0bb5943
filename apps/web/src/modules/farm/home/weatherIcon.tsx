import type { ReactNode } from 'react';
import { type WeatherKind, weatherKind } from './weather.api';

const SUN = '#f5a623';
const CLOUD = '#9aa7b4';
const DROP = '#3a8dde';

const sun = (cx: number, cy: number, r: number) => (
  <g>
    <circle cx={cx} cy={cy} r={r} fill={SUN} />
    {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
      const rad = (a * Math.PI) / 180;
      return (
        <line
          key={a}
          x1={cx + Math.cos(rad) * (r + 3)}
          y1={cy + Math.sin(rad) * (r + 3)}
          x2={cx + Math.cos(rad) * (r + 7)}
          y2={cy + Math.sin(rad) * (r + 7)}
          stroke={SUN}
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      );
    })}
  </g>
);
const cloud = (fill = CLOUD) => (
  <path d="M14 40a9 9 0 0 1 1-18 12 12 0 0 1 23-3 9 9 0 0 1 7 17 4 4 0 0 1-3 4z" fill={fill} />
);
const drops = (n: number) =>
  [18, 26, 34, 42]
    .slice(0, n)
    .map((x) => (
      <line key={x} x1={x} y1={44} x2={x - 3} y2={52} stroke={DROP} strokeWidth="2.5" strokeLinecap="round" />
    ));

const SHAPES: Record<WeatherKind, ReactNode> = {
  clear: sun(28, 28, 11),
  partly: (
    <>
      {sun(34, 20, 8)}
      {cloud('#b6c1cc')}
    </>
  ),
  cloudy: cloud(),
  fog: (
    <>
      {cloud('#b6c1cc')}
      {[44, 50].map((y) => (
        <line key={y} x1="12" y1={y} x2="44" y2={y} stroke={CLOUD} strokeWidth="2.5" strokeLinecap="round" />
      ))}
    </>
  ),
  drizzle: (
    <>
      {cloud()}
      {drops(2)}
    </>
  ),
  rain: (
    <>
      {cloud('#7d8b99')}
      {drops(4)}
    </>
  ),
  snow: (
    <>
      {cloud()}
      {[18, 28, 38].map((x) => (
        <circle key={x} cx={x} cy={48} r="2.5" fill="#8fc3f0" />
      ))}
    </>
  ),
  thunder: (
    <>
      {cloud('#6b7785')}
      <path d="M30 38l-6 10h6l-3 8 9-12h-6l3-6z" fill={SUN} />
    </>
  ),
};

/** A small drawn icon for a WMO weather code (no icon font or image needed offline). */
export function WeatherIcon({ code, size = 48, label }: { code: number; size?: number; label?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 56 56" role="img" aria-label={label}>
      {SHAPES[weatherKind(code)]}
    </svg>
  );
}

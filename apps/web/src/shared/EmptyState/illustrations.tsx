import type { ReactNode } from 'react';

// Small line illustrations of the empty states. They draw with the primary colour (CSS variable set by
// the theme) over neutral greys, so they follow the tenant's theme.

export type EmptyVariant =
  | 'noSystemInfo'
  | 'networkError'
  | 'noSearchResult'
  | 'noPermission'
  | 'noData'
  | 'notFound';

const P = 'var(--tl-primary, #1b9961)';
const LIGHT = 'var(--tl-primary-soft, #e3f4ec)';
const GREY = '#c9d2ce';
const INK = '#8a9892';

const Frame = ({ children }: { children: ReactNode }) => (
  <svg viewBox="0 0 200 150" width="100%" height="100%" aria-hidden="true" focusable="false">
    <ellipse cx="100" cy="132" rx="70" ry="9" fill={LIGHT} />
    {children}
  </svg>
);

const drawings: Record<EmptyVariant, ReactNode> = {
  noSystemInfo: (
    <Frame>
      <rect x="52" y="26" width="96" height="70" rx="8" fill="#fff" stroke={GREY} strokeWidth="3" />
      <rect x="84" y="96" width="32" height="14" fill={GREY} />
      <rect x="70" y="108" width="60" height="6" rx="3" fill={GREY} />
      <circle cx="100" cy="61" r="18" fill={LIGHT} stroke={P} strokeWidth="3" />
      <circle cx="100" cy="52" r="2.6" fill={P} />
      <path d="M100 58v13" stroke={P} strokeWidth="4" strokeLinecap="round" />
    </Frame>
  ),
  networkError: (
    <Frame>
      <path
        d="M62 98a22 22 0 0 1 4-43 30 30 0 0 1 57-8 24 24 0 0 1 15 51z"
        fill="#fff"
        stroke={GREY}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M80 78a28 28 0 0 1 40 0M89 87a14 14 0 0 1 22 0" stroke={P} strokeWidth="4" fill="none" />
      <circle cx="100" cy="96" r="3.5" fill={P} />
      <path d="M74 62l52 44" stroke="#e5614e" strokeWidth="4" strokeLinecap="round" />
    </Frame>
  ),
  noSearchResult: (
    <Frame>
      <rect x="48" y="30" width="74" height="90" rx="8" fill="#fff" stroke={GREY} strokeWidth="3" />
      <path d="M62 52h46M62 66h36M62 80h42" stroke={GREY} strokeWidth="4" strokeLinecap="round" />
      <circle cx="120" cy="84" r="20" fill={LIGHT} stroke={P} strokeWidth="4" />
      <path d="M134 98l16 16" stroke={P} strokeWidth="7" strokeLinecap="round" />
      <path
        d="M114 79a6 6 0 1 1 8 6c-2 1-2 2-2 4"
        stroke={P}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <circle cx="120" cy="94" r="1.8" fill={P} />
    </Frame>
  ),
  noPermission: (
    <Frame>
      <path d="M78 62V48a22 22 0 0 1 44 0v14" stroke={GREY} strokeWidth="6" fill="none" />
      <rect x="64" y="60" width="72" height="56" rx="10" fill="#fff" stroke={P} strokeWidth="3" />
      <circle cx="100" cy="84" r="7" fill={P} />
      <path d="M100 88v12" stroke={P} strokeWidth="5" strokeLinecap="round" />
    </Frame>
  ),
  noData: (
    <Frame>
      <path d="M52 82l16-30h64l16 30" fill="#fff" stroke={GREY} strokeWidth="3" strokeLinejoin="round" />
      <path
        d="M52 82h30l6 10h24l6-10h30v34a6 6 0 0 1-6 6H58a6 6 0 0 1-6-6z"
        fill="#fff"
        stroke={INK}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M100 80V50" stroke={P} strokeWidth="3" strokeLinecap="round" />
      <path d="M100 58c0-10 7-16 17-16 0 10-7 16-17 16z" fill={P} />
      <path d="M100 64c0-8-6-13-14-13 0 8 6 13 14 13z" fill={LIGHT} stroke={P} strokeWidth="2" />
    </Frame>
  ),
  notFound: (
    <Frame>
      <path d="M100 40v86" stroke={INK} strokeWidth="5" strokeLinecap="round" />
      <path d="M58 34h70l12 12-12 12H58z" fill="#fff" stroke={P} strokeWidth="3" strokeLinejoin="round" />
      <text x="92" y="53" textAnchor="middle" fontSize="18" fontWeight="700" fill={P} fontFamily="sans-serif">
        404
      </text>
      <path
        d="M142 70H84l-10 10 10 10h58z"
        fill="#fff"
        stroke={GREY}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M94 80h36" stroke={GREY} strokeWidth="4" strokeLinecap="round" />
    </Frame>
  ),
};

export const EmptyIllustration = ({ variant }: { variant: EmptyVariant }) => <>{drawings[variant]}</>;

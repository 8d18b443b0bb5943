import type { CSSProperties } from 'react';

interface LogoProps {
  /** An uploaded logo; the built-in mark when empty. */
  src?: string;
  size?: number;
  alt?: string;
  style?: CSSProperties;
}

/** The tenant's logo, or Tilth's sprout mark. */
export function Logo({ src, size = 32, alt = 'logo', style }: LogoProps) {
  if (src) {
    return <img src={src} alt={alt} width={size} height={size} style={{ objectFit: 'contain', ...style }} />;
  }
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} role="img" aria-label={alt} style={style}>
      <rect width="64" height="64" rx="14" fill="#fff" fillOpacity="0.18" />
      <path d="M32 52V30" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <path d="M32 34c0-10 7-17 18-17 0 11-7 17-18 17z" fill="currentColor" />
      <path d="M32 40c0-8-6-14-15-14 0 9 6 14 15 14z" fill="currentColor" fillOpacity="0.7" />
    </svg>
  );
}

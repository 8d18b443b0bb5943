// The login panel's picture when the deployment has none: a connected farm (fields, a greenhouse, a
// weather station), drawn in translucent white so it sits on any brand colour.
export function FarmIllustration() {
  return (
    <svg viewBox="0 0 480 300" width="100%" height="100%" aria-hidden="true" focusable="false">
      <circle cx="378" cy="70" r="34" fill="#fff" fillOpacity="0.28" />
      <circle cx="378" cy="70" r="22" fill="#fff" fillOpacity="0.5" />
      <path d="M0 190c70-40 140-50 220-30s150 10 260-30v170H0z" fill="#fff" fillOpacity="0.12" />
      <path d="M0 225c90-30 190-35 280-15s140 5 200-15v105H0z" fill="#fff" fillOpacity="0.18" />
      <g stroke="#fff" strokeOpacity="0.45" strokeWidth="3" fill="none" strokeLinecap="round">
        <path d="M20 262c80-22 170-26 250-12" />
        <path d="M40 280c80-20 170-22 260-8" />
        <path d="M300 250c60-10 120-14 180-24" />
        <path d="M310 270c60-8 110-12 170-20" />
      </g>
      <g transform="translate(110 118)">
        <path d="M0 80V36L60 0l60 36v44z" fill="#fff" fillOpacity="0.85" />
        <path d="M0 36L60 0l60 36" stroke="#fff" strokeWidth="4" fill="none" strokeLinejoin="round" />
        <path d="M30 80V42M60 80V30M90 80V42" stroke="#1b9961" strokeOpacity="0.35" strokeWidth="3" />
        <rect x="50" y="52" width="20" height="28" rx="2" fill="#1b9961" fillOpacity="0.45" />
      </g>
      <g transform="translate(300 96)" stroke="#fff" strokeWidth="4" strokeLinecap="round" fill="none">
        <path d="M20 128V20" />
        <path d="M20 40h30M20 40l-18 10" />
        <circle cx="56" cy="40" r="6" fill="#fff" />
        <path d="M0 0a28 28 0 0 1 40 0M8 10a16 16 0 0 1 24 0" strokeOpacity="0.7" />
      </g>
      <g fill="#fff" fillOpacity="0.9">
        <path d="M60 214c0-12 8-20 20-20 0 12-8 20-20 20z" />
        <path d="M60 222c0-10-7-16-16-16 0 10 7 16 16 16z" fillOpacity="0.7" />
        <path d="M420 206c0-12 8-20 20-20 0 12-8 20-20 20z" />
        <path d="M250 236c0-10 7-16 16-16 0 10-7 16-16 16z" fillOpacity="0.7" />
      </g>
    </svg>
  );
}

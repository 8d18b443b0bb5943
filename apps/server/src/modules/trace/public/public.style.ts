import { createHash } from 'node:crypto';

// The page's whole stylesheet, inline (no second request before first paint). The CSP allows exactly this
// block by its hash, so no injected style could apply.

export const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1f2a1f;background:#f3f5ef}
header{background:linear-gradient(160deg,#2f6b3a,#4f8f4a);color:#fff;padding:16px 16px 20px}
header .top{display:flex;justify-content:space-between;align-items:center;font-size:13px;opacity:.9}
header a{color:#fff}
header h1{margin:10px 0 2px;font-size:22px;line-height:1.3}
header .en{opacity:.85;font-size:14px}
.promo video{display:block;width:100%;height:auto;border-radius:10px;background:#000}
.hero{display:block;width:100%;max-height:220px;object-fit:cover;border-radius:10px;margin-top:12px;background:#ddd}
.badges{margin-top:8px;display:flex;flex-wrap:wrap;gap:6px}
.badge{background:rgba(255,255,255,.2);border:1px solid rgba(255,255,255,.5);border-radius:12px;padding:1px 9px;font-size:12px}
main{max-width:720px;margin:0 auto;padding:0 12px 24px}
section{background:#fff;border-radius:12px;margin:12px 0;padding:14px 16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h2{font-size:16px;margin:0 0 10px;color:#2f6b3a}
dl+h2,ul+h2,p+h2{margin-top:16px}
h3{font-size:14px;margin:10px 0 4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dt{color:#667}
dd{margin:0;word-break:break-word}
.banner{border-radius:12px;margin:12px 0;padding:12px 14px;font-weight:600}
.ok{background:#e6f4e6;color:#1d5a26;border:1px solid #9ccf9f}
.bad{background:#fdecea;color:#8a1c12;border:1px solid #f0a39a}
.warn{background:#fff6e0;color:#7a5200;border:1px solid #f0cf7a}
.muted{color:#778;font-size:13px}
.tl{list-style:none;margin:0;padding:0 0 0 14px;border-left:2px solid #cfe0c9}
.tl li{position:relative;margin:0 0 14px;padding-left:6px}
.tl li::before{content:"";position:absolute;left:-21px;top:6px;width:10px;height:10px;border-radius:50%;background:#4f8f4a;border:2px solid #fff}
.tl .k{font-size:12px;color:#fff;background:#4f8f4a;border-radius:8px;padding:0 7px;margin-right:6px}
.tl .d{font-size:12px;color:#667}
.tl .t{font-weight:600}
.inputs{margin:6px 0 0;padding:0;list-style:none;font-size:13px}
.inputs li{background:#f5f8f2;border-radius:6px;padding:4px 8px;margin:3px 0}
.gal{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px}
.gal figure{margin:0}
.gal img,.tl img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:8px;background:#e4e8e0;display:block}
.tl .pics{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;margin-top:6px}
figcaption{font-size:12px;color:#667}
.map{width:100%;height:auto;display:block;border-radius:8px}
.map .bg{fill:#eef3e8}
.map .plot{fill:rgba(79,143,74,.35);stroke:#2f6b3a;stroke-width:1.5}
.map .base{fill:#c0392b;stroke:#fff;stroke-width:2}
.map .lbl{font-size:11px;text-anchor:middle;fill:#1f2a1f;paint-order:stroke;stroke:#fff;stroke-width:3px}
.map .scale path{fill:none;stroke:#333;stroke-width:1.5}
.map .scale text,.map .north text{font-size:10px;text-anchor:middle;fill:#333}
.map .north path{fill:#333}
.big{font-size:28px;font-weight:700;color:#2f6b3a}
.bars{width:100%;height:auto}
.bars text{font-size:11px;fill:#333}
.bars rect{fill:#6aa55f}
.hash{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;word-break:break-all}
.outlet{border-top:1px solid #eef;padding:8px 0}
.outlet:first-child{border-top:0}
button{font:inherit;border:1px solid #4f8f4a;color:#2f6b3a;background:#fff;border-radius:18px;padding:6px 14px}
footer{text-align:center;color:#889;font-size:12px;padding:8px 0 24px}
.pass{color:#1d5a26;font-weight:600}
.fail{color:#8a1c12;font-weight:600}
`
  .trim()
  .replace(/\n/g, '');

export const PAGE_CSS_HASH = `sha256-${createHash('sha256').update(PAGE_CSS).digest('base64')}`;

/** The page's policy: its own script file only, its own images, this stylesheet only, no framing. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src '${PAGE_CSS_HASH}'`,
  "img-src 'self'",
  "media-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

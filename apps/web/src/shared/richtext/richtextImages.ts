import { isServerFile } from '../file/fileImage';

// Stored pictures (/hfle/…) are read with the session's Bearer header (ADR 0007), which an <img> cannot
// send: the view swaps their src for object URLs the shared image loader makes, and leaves them without
// a src (no unauthorised request) until then.

const IMG_SRC = /(<img\b[^>]*?\s)src="([^"]*)"/gi;

const decode = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const encode = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The stored-file picture addresses of the HTML, in order, once each. */
export const serverImagesOf = (html: string): string[] => {
  const out = new Set<string>();
  for (const m of html.matchAll(IMG_SRC)) {
    const src = decode(m[2] ?? '');
    if (isServerFile(src)) out.add(src);
  }
  return [...out];
};

/**
 * The HTML with each stored picture's src replaced by what `shown` gives for it: an object URL, or null
 * while loading (then the src moves to data-src, so the browser asks for nothing yet).
 */
export const withShownImages = (html: string, shown: (src: string) => string | null): string =>
  html.replace(IMG_SRC, (whole, head: string, raw: string) => {
    const src = decode(raw);
    if (!isServerFile(src)) return whole;
    const url = shown(src);
    return url ? `${head}src="${encode(url)}" data-src="${raw}"` : `${head}data-src="${raw}"`;
  });

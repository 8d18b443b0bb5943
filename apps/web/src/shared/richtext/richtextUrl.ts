// The editor only makes links and images the server's sanitiser keeps (messaging/notice html.sanitize):
// http(s), mailto and tel links; http(s) images or site-relative stored files. Anything else is refused
// in the dialog rather than silently dropped on save.

const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];

/** A link target typed by the editor's user, made absolute, or null when it is not allowed. */
export const normaliseLinkUrl = (raw: string): string | null => {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return null;
  // "www.example.com" means the web address, as every editor reads it.
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!LINK_SCHEMES.includes(url.protocol)) return null;
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname.includes('.')) {
      return url.hostname === 'localhost' ? url.href : null;
    }
    return withScheme;
  } catch {
    return null;
  }
};

/** An image address typed by the user: http(s) or a path on this site (stored files), else null. */
export const normaliseImageUrl = (raw: string): string | null => {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
};

import { useImageSrc } from '../../../shared/file/fileImage';

// Panorama thumbnails and previews are read with the console's Bearer header (ADR 0007), which an <img>
// cannot send: the shared image loader fetches them once into an object URL. Public pages read them as they are.

/** An address an <img> (or a CSS background) can show; null while loading or when refused. */
export const useAuthedSrc = (
  url: string | null | undefined,
  auth: 'session' | 'none' = 'session',
): string | null => useImageSrc(url, auth === 'session');

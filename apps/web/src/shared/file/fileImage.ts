import { useQueries, useQuery } from '@tanstack/react-query';
import { getAccessToken } from '../storage';

/** Files of this server (/hfle/…) are read with the bearer token, so an <img> cannot load them directly. */
export const isServerFile = (url: string): boolean => url.startsWith('/hfle/');

/** A resized copy of a stored image: /…/files/{id}/file → /…/files/{id}/image?width&height&flag. */
export const imageVariant = (url: string, width: number, height: number = width, cover = true): string =>
  url.endsWith('/file')
    ? `${url.slice(0, -'/file'.length)}/image?width=${width}&height=${height}&flag=${cover ? 1 : 0}`
    : url;

/** Raster images only: an object URL keeps the console's origin, so markup (SVG) must never get one. */
const RASTER = /^image\/(?:png|jpeg|gif|webp)$/;

const fetchBlob = async (url: string): Promise<Blob> => {
  const token = getAccessToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return res.blob();
};

const fetchObjectUrl = async (url: string): Promise<string> => {
  let blob = await fetchBlob(url);
  // A stored SVG is shown as the server's PNG rendering of it (ADR 0007), never as markup.
  if (!RASTER.test(blob.type) && url.endsWith('/file'))
    blob = await fetchBlob(imageVariant(url, 1600, 1600, false));
  if (!RASTER.test(blob.type)) throw new Error(`not a raster image: ${blob.type}`);
  return URL.createObjectURL(blob);
};

// Fetched once and shown through an object URL kept for the session, like the browser's own image cache.
const objectUrlQuery = (url: string | null | undefined, authed = Boolean(url && isServerFile(url))) => ({
  queryKey: ['file-image', url],
  queryFn: () => fetchObjectUrl(url ?? ''),
  enabled: Boolean(url) && authed,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/**
 * The address an <img> can show: http(s) as is, a server file as an object URL (null while loading or
 * refused). `authed` overrides which URLs need the session (other API images, such as panorama thumbnails).
 */
export const useImageSrc = (url: string | null | undefined, authed?: boolean): string | null => {
  const needsSession = authed ?? Boolean(url && isServerFile(url));
  const query = useQuery(objectUrlQuery(url, needsSession));
  if (!url) return null;
  return needsSession ? (query.data ?? null) : url;
};

/** useImageSrc for a list of images (a gallery), in order. */
export const useImageSrcs = (urls: readonly string[], enabled = true): (string | null)[] => {
  const results = useQueries({
    queries: urls.map((u) => {
      const q = objectUrlQuery(u);
      return { ...q, enabled: q.enabled && enabled };
    }),
  });
  return urls.map((u, i) => (isServerFile(u) ? (results[i]?.data ?? null) : u));
};

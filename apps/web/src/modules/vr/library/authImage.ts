import { useQuery } from '@tanstack/react-query';
import { getAccessToken } from '../../../shared/storage';

// Panorama thumbnails, previews and tour covers are served by the console's own server (ADR 0007), which
// wants the Bearer header: an <img> cannot send it, so the bytes are fetched and shown as an object URL.
// Public-link images (/wfpf/v1/public/…) and absolute http(s) URLs are shown as they are.

const needsToken = (url: string): boolean => url.startsWith('/') && !url.startsWith('/wfpf/v1/public/');

const fetchObjectUrl = async (url: string): Promise<string> => {
  const token = getAccessToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`image ${res.status}`);
  const blob = await res.blob();
  // Raster only: an object URL keeps the console's origin, so markup must never get one.
  if (!/^image\/(png|jpeg|gif|webp)$/.test(blob.type)) throw new Error(`not a raster image: ${blob.type}`);
  return URL.createObjectURL(blob);
};

/** An address an <img> can show for `url` (null while loading or refused). */
export const useAuthImage = (url: string | null | undefined): string | null => {
  const authed = Boolean(url && needsToken(url));
  const query = useQuery({
    queryKey: ['vr-image', url],
    queryFn: () => fetchObjectUrl(url ?? ''),
    enabled: authed,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!url) return null;
  return authed ? (query.data ?? null) : url;
};

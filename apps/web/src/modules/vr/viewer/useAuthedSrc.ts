import { useQuery } from '@tanstack/react-query';
import { getAccessToken } from '../../../shared/storage';

// Panorama thumbnails and previews are read with the console's Bearer header (ADR 0007), which an <img>
// cannot send: they are fetched once and shown through an object URL. Public pages read them as they are.

const fetchObjectUrl = async (url: string): Promise<string> => {
  const token = getAccessToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`image ${res.status}`);
  const blob = await res.blob();
  if (!/^image\/(?:png|jpeg|webp)$/.test(blob.type)) throw new Error(`not a raster image: ${blob.type}`);
  return URL.createObjectURL(blob);
};

/** An address an <img> (or a CSS background) can show; null while loading or when refused. */
export const useAuthedSrc = (
  url: string | null | undefined,
  auth: 'session' | 'none' = 'session',
): string | null => {
  const query = useQuery({
    queryKey: ['vr-image', url],
    queryFn: () => fetchObjectUrl(url ?? ''),
    enabled: Boolean(url) && auth === 'session',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!url) return null;
  return auth === 'session' ? (query.data ?? null) : url;
};

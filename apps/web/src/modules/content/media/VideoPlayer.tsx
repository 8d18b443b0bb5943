import { useQuery } from '@tanstack/react-query';
import Spin from 'antd/es/spin';
import { useEffect } from 'react';
import { useImageSrc } from '../../../shared/file/fileImage';
import { getAccessToken } from '../../../shared/storage';

// Console videos are read with the session's Bearer header, which a <video src> cannot send: the file
// (at most 30 MB) is fetched once into an object URL. Public pages pass public URLs, played as they are.

const fetchVideo = async (url: string): Promise<string> => {
  const token = getAccessToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`video ${res.status}`);
  return URL.createObjectURL(await res.blob());
};

interface VideoPlayerProps {
  videoUrl: string;
  posterUrl: string;
}

/** An HTML5 player with the poster; a public URL plays directly with byte ranges. */
export function VideoPlayer({ videoUrl, posterUrl }: VideoPlayerProps) {
  const isPublic = videoUrl.startsWith('/wfpf/v1/public/');
  const poster = useImageSrc(posterUrl, !isPublic);
  const blob = useQuery({
    queryKey: ['media-video', videoUrl],
    queryFn: () => fetchVideo(videoUrl),
    enabled: !isPublic,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    const url = blob.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [blob.data]);
  const src = isPublic ? videoUrl : blob.data;
  if (!src) return <Spin />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: promo videos are uploaded without captions
    <video
      src={src}
      poster={poster ?? undefined}
      controls
      playsInline
      preload="metadata"
      data-testid="promo-video"
      style={{ width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 8 }}
    />
  );
}

// Where promo videos and their posters live in file storage (platform.storage: disk or S3). ffmpeg and
// ffprobe work on scratch copies (platform/files/scratch.ts); byte ranges are read from storage.

export const videoPrefix = (tenantId: number, assetKey: string): string =>
  `content-media/${tenantId}/${assetKey}`;
export const videoKey = (tenantId: number, assetKey: string, contentType: string): string =>
  `${videoPrefix(tenantId, assetKey)}/${contentType === 'video/webm' ? 'video.webm' : 'video.mp4'}`;
export const posterKey = (tenantId: number, assetKey: string): string =>
  `${videoPrefix(tenantId, assetKey)}/poster.jpg`;

export const videoUrls = (r: { tenantId: number; id: number; assetKey: string }) => {
  const base = `/wfpf/v1/${r.tenantId}/content/videos/${r.id}/${r.assetKey}`;
  return { videoUrl: `${base}/video`, posterUrl: `${base}/poster.jpg` };
};

import path from 'node:path';

// Where promo videos and their posters live: on the data disk, not in file storage, so ffmpeg reads them
// by path and the player's byte ranges are read straight from the file (like camera time-lapses).

export const videoDir = (dataDir: string, tenantId: number, assetKey: string): string =>
  path.join(dataDir, 'content-media', String(tenantId), assetKey);
export const videoFile = (dataDir: string, tenantId: number, assetKey: string, contentType: string): string =>
  path.join(videoDir(dataDir, tenantId, assetKey), contentType === 'video/webm' ? 'video.webm' : 'video.mp4');
export const posterFile = (dataDir: string, tenantId: number, assetKey: string): string =>
  path.join(videoDir(dataDir, tenantId, assetKey), 'poster.jpg');
export const videoTempDir = (dataDir: string): string => path.join(dataDir, 'tmp', 'content-video');

export const videoUrls = (r: { tenantId: number; id: number; assetKey: string }) => {
  const base = `/wfpf/v1/${r.tenantId}/content/videos/${r.id}/${r.assetKey}`;
  return { videoUrl: `${base}/video`, posterUrl: `${base}/poster.jpg` };
};

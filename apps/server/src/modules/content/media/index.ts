// The public surface of content/media: what other domains and the composition root may use (ADR 0009).
export {
  contentBanners,
  contentPictureFolders,
  contentPictures,
  contentPictureUsages,
  contentVideos,
} from './media.tables.js';
export { recordPictureUsage } from './picture.service.js';
export { mediaJobs } from './video.jobs.js';
export { seedDemoMedia, seedDemoMediaLater } from './media.demo.js';
export {
  demoPromoVideoId,
  openPromoVideo,
  type PromoVideoAsset,
  promoVideoAsset,
  promoVideoRefs,
  requirePromoVideo,
} from './video.public.js';

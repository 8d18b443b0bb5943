// The public surface of the panorama library: what other domains (vr/tour) and the composition root may use
// (ADR 0009).
export { panoramas } from './panorama.tables.js';
export {
  openPanoramaAsset,
  type PanoramaAsset,
  type PanoramaRef,
  panoramaRefs,
  panoramaUrls,
} from './panorama.refs.js';
export { DEMO_PANORAMAS, seedDemoPanoramas, seedDemoPanoramasLater } from './panorama.demo.js';
export { panoramaJobs } from './panorama.jobs.js';

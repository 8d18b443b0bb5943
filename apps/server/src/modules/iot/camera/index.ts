// The public surface of camera: what other domains and the composition root may use (ADR 0009).
export { cameras } from './camera.tables.js';
export { CameraErrors } from './camera.errors.js';
export { cameraProviders, registerCameraProvider } from './camera.providers.js';
export { seedCameras } from './camera.demo.js';
export { cameraJobs, refreshOnline, runTimedCaptures } from './camera.jobs.js';
export { cameraStreamAllowed } from './camera.stream-access.js';
export { seedDemoStills, seedDemoStillsLater } from './camera-demo-stills.js';
export { platformConfigOf } from './camera-platform.cache.js';

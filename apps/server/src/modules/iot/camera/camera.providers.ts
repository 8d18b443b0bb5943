import type { CameraProvider } from '../camera-media/index.js';

/**
 * The camera adapters by name ('demo', 'rtsp', 'ezviz', 'gb28181', 'cmcc'). The composition root fills it
 * with camera-media's providers; the camera API only reads it, so it never imports an adapter itself.
 */
export const cameraProviders = new Map<string, CameraProvider>();

export const registerCameraProvider = (provider: CameraProvider): void => {
  cameraProviders.set(provider.name, provider);
};

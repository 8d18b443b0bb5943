// What other modules may use of the camera media engine (issue 16): the provider interface, the demo
// provider, the hub and the stream route.
export { CameraMediaErrors } from './camera-media.errors.js';
export { type CameraStreamOptions, mediaHubOf, registerCameraStreamRoutes } from './camera-stream.routes.js';
export { createCmccProvider } from './cmcc.provider.js';
export { createDemoProvider, type DemoProvider } from './demo.provider.js';
export { createEzvizProvider } from './ezviz.provider.js';
export { createGb28181Provider } from './gb28181.provider.js';
export { checkTarget } from './http-json.js';
export { MediaBusyError, MediaHub, type MediaHubOptions } from './hub.js';
export * from './provider.types.js';
export type { StreamClaims } from './stream-token.js';
export type { TsViewer } from './ts-fanout.js';
export type { View } from './view.js';
export { OnvifPtz } from './onvif.js';
export { RtspErrors } from './rtsp.errors.js';
export { createRtspProvider, type RtspProvider, type RtspProviderOptions } from './rtsp.provider.js';
export { type RtspConfig, rtspConfigOf, validateRtspConfig } from './rtsp.config.js';
export { ensureScene } from './scene.js';

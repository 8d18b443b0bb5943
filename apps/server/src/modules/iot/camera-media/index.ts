// The public surface of camera-media: what other domains may use (ADR 0009). The camera API reaches
// providers only through this interface.
export * from './provider.types.js';

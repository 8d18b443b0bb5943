// The public surface of insect: what other domains may use (ADR 0009).
export { photoType } from './insect.photo.js';
export { seedInsects } from './insect.demo.js';

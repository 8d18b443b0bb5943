// The public surface of seed: what other domains may use (ADR 0009).
export { seedSeedProducts } from './seed.demo.js';

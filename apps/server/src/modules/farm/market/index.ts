// The public surface of market: what other domains may use (ADR 0009).
export { seedVegetablePrices } from './market.demo.js';

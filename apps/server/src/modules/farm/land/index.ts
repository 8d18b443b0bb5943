// The public surface of land: what other domains may use (ADR 0009).
export { lands } from './land.tables.js';
export type { Ring } from './land.tables.js';
export { findPlot, type PlotRef } from './land.repository.js';
export { LandService } from './land.service.js';
export { lockPlots } from './plot.lock.js';
export { seedLands } from './land.demo.js';
export { type PlotShape, plotShape } from './land-shape.repository.js';

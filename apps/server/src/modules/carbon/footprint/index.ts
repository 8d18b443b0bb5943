// The public surface of carbon/footprint: what other domains may use (ADR 0009).
export { carbonEntries } from './footprint.tables.js';
export { CARBON_ACCESS, FOOTPRINT_METHOD, footprintOfFarmBatches } from './footprint.service.js';
export { registerFootprintRoutes } from './footprint.routes.js';
export { seedDemoCarbon } from './footprint.demo.js';

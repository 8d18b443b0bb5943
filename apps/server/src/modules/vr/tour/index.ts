// The public surface of vr/tour: what other domains and the composition root may use (ADR 0009).
export { registerTourRoutes } from './tour.routes.js';
export * from './tour.tables.js';
export { DEMO_TOUR_NAME, seedDemoTour, seedDemoTourLater } from './tour.demo.js';

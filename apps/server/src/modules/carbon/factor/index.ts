// The public surface of carbon/factor: what other domains may use (ADR 0009).
export { carbonFactors, carbonSettings } from './factor.tables.js';
export { FactorErrors } from './factor.errors.js';
export { type FactorBook, loadFactorBook, type ResolvedFactor } from './factor.resolve.js';
export { findSettings } from './factor.repository.js';
export { FACTOR_ACCESS, FactorService } from './factor.service.js';
export { registerFactorRoutes } from './factor.routes.js';

// The public surface of plan: what other domains may use (ADR 0009).
export { plans } from './plan.tables.js';
export type { PlannedInput } from './plan.tables.js';
export { seedPlans } from './plan.demo.js';

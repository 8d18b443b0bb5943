// The public surface of agricultural: what other domains may use (ADR 0009).
export { agriculturalInputs } from './agricultural.tables.js';
export { AgriculturalErrors } from './agricultural.errors.js';
export { type InputRef, inputsById } from './input.repository.js';
export { applyStockChanges } from './stock.repository.js';
export { seedAgricultural } from './agricultural.demo.js';
export { seedAgriApprovals } from './agricultural-approval.demo.js';

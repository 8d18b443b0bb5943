// The public surface of pest identification (ADR 0009): the expert inquiry reads an identification for
// its note through the HTTP route; the composition root registers routes and jobs.
export { identifyJobs, seedPestKnowledge } from './identify.jobs.js';
export { registerIdentifyRoutes } from './identify.routes.js';
export { pestIdentifications, pestKnowledge, pestKnowledgeInputs } from './identify.tables.js';

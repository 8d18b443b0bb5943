// The public surface of the trace catalogue (ADR 0009).

// Publishing and published records (part D: record.*, publish.*).
export { type AssembleRefusal, assembleRecord, type FootprintOf, RECORD_IMAGES_MAX } from './record.assembler.js';
export { type PublishedTrace, publishedTraceBatch, tenantOfGtin } from './record.repository.js';
export { registerPublishRoutes } from './publish.routes.js';
export { PublishService } from './publish.service.js';
export { seedDemoTracePublication, seedDemoTracePublicationLater } from './publish.demo.js';

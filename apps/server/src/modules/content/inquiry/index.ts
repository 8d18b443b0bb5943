// The public surface of content/inquiry: what other domains and the composition root may use (ADR 0009).
export { registerInquiryRoutes } from './inquiry.routes.js';
export * from './inquiry.tables.js';
export { seedDemoInquiries, seedDemoInquiriesLater } from './inquiry.demo.js';

// The public surface of application: what other domains may use (ADR 0009).
export { applications } from './application.tables.js';
export { ClientCredentialsGrant } from './application.grant.js';
export { seedApplications } from './application.demo.js';

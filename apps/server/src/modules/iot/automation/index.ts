// The public surface of automation: what other domains may use (ADR 0009).
export { deviceGroupMembers } from './automation.tables.js';
export { seedAutomation } from './automation.demo.js';

// The public surface of activity: what other domains may use (ADR 0009).
export { seedActivities } from './activity.demo.js';

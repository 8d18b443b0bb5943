// The public surface of push: what other domains may use (ADR 0009).
export { pushOutbox, pushSequences, pushSubscriptions } from './push.tables.js';
export { enqueuePush, pushWanted } from './push.enqueue.js';
export { seedPush } from './push.demo.js';

// The public surface of task: what other domains may use (ADR 0009).
export { taskParticipants, tasks } from './task.tables.js';
export { seedTasks } from './task.demo.js';

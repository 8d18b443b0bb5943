// The public surface of task: what other domains may use (ADR 0009).
export { taskInputUsages, taskParticipants, tasks } from './task.tables.js';
export { deletePlanTasks, finishPlanTasksEndedBefore, insertPlanTasks } from './task-plan.repository.js';
export { seedTasks } from './task.demo.js';
export { type FinishedTask, finishedTasksWithInputs } from './task-season.repository.js';

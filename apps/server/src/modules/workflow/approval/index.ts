// The public surface of workflow (approvals, issue 14): what document modules use to wait for approval.

export { seedDraftFlows } from './definition.demo.js';
export { DEMO_PLAN_FLOW, DEMO_RECEIPT_FLOW, demoDecide, seedApprovalFlows } from './approval.demo.js';
export { ProcessEngine, type SubmitInput } from './process.engine.js';
// Whether submitting a type starts a flow (a caller may put off work the flow does not need).
export { boundDefinition } from './binding.repository.js';
export { WorkflowErrors } from './workflow.errors.js';
export { type ApprovalDocHooks, registerApprovalDocument } from './workflow.registry.js';
export {
  approvalBindings,
  approvalDefinitions,
  approvalDefinitionVersions,
  approvalDelegations,
  approvalEvents,
  approvalProcesses,
  approvalTasks,
} from './workflow.tables.js';

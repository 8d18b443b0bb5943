import type { ChosenAssignees, Page } from '@tilth/contracts';
import type { Batch } from '@tilth/contracts/batch.types';
import type { TaskType } from '@tilth/contracts/crop.types';
import type {
  Plan,
  PlanCreateBody,
  PlanDetail,
  PlanPackage,
  PlanPackageCreateBody,
  PlanPackageDetail,
  PlanPackageUpdateBody,
  PlanUpdateBody,
} from '@tilth/contracts/plan.types';
import { api, type Query } from '../../../../shared/api/client';

export type {
  Plan,
  PlanBatch,
  PlanDetail,
  PlanPackage,
  PlanPackageDetail,
  PlanPackageTask,
  PlanTask,
  PlanTaskViewStatus,
} from '@tilth/contracts/plan.types';
export type { Batch, TaskType };

/** An agricultural input or a worker as the selects need them (their modules own the full types). */
export interface InputOption {
  inputId: number;
  inputName: string;
  unit: string;
  enabledFlag: number;
}
export interface WorkerOption {
  workerId: number;
  name: string;
  enabledFlag: number;
}

export const PLAN_CODES = {
  create: 'wfpf.farm.farm.plan.ps.create',
  edit: 'wfpf.farm.farm.plan.ps.edit',
  delete: 'wfpf.farm.farm.plan.ps.delete',
} as const;
export const PACKAGE_CODES = {
  create: 'wfpf.farm.farm.planPackage.ps.create',
  edit: 'wfpf.farm.farm.planPackage.ps.edit',
  delete: 'wfpf.farm.farm.planPackage.ps.delete',
} as const;

export const planKeys = {
  all: (tenantId: number) => ['plan', tenantId] as const,
  packages: (tenantId: number) => ['plan', tenantId, 'packages'] as const,
  package: (tenantId: number, id: number) => ['plan', tenantId, 'package', id] as const,
  plans: (tenantId: number) => ['plan', tenantId, 'plans'] as const,
  info: (tenantId: number, id: number) => ['plan', tenantId, 'info', id] as const,
  options: (tenantId: number, what: string) => ['plan', tenantId, 'options', what] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}`;
const all = { page: 0, size: 0 };

export const planApi = {
  packagePage: (tenantId: number, query: Query) =>
    api.get<Page<PlanPackage>>(`${base(tenantId)}/plan-package`, { query }),
  packageOptions: (tenantId: number) =>
    api
      .get<Page<PlanPackage>>(`${base(tenantId)}/plan-package`, { query: { ...all, enabledFlag: 1 } })
      .then((p) => p.content),
  package: (tenantId: number, id: number) =>
    api.get<PlanPackageDetail>(`${base(tenantId)}/plan-package/${id}`),
  createPackage: (tenantId: number, body: PlanPackageCreateBody) =>
    api.post<PlanPackageDetail>(`${base(tenantId)}/plan-package`, { json: body }),
  updatePackage: (tenantId: number, body: PlanPackageUpdateBody) =>
    api.put<PlanPackageDetail>(`${base(tenantId)}/plan-package`, { json: body }),
  removePackage: (tenantId: number, id: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/plan-package/${id}`),

  planPage: (tenantId: number, query: Query) => api.get<Page<Plan>>(`${base(tenantId)}/plan`, { query }),
  info: (tenantId: number, id: number) => api.get<PlanDetail>(`${base(tenantId)}/plan/info/${id}`),
  createPlan: (tenantId: number, body: PlanCreateBody) =>
    api.post<Plan>(`${base(tenantId)}/plan`, { json: body }),
  updatePlan: (tenantId: number, body: PlanUpdateBody) =>
    api.put<Plan>(`${base(tenantId)}/plan`, { json: body }),
  removePlan: (tenantId: number, id: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/plan/${id}`),
  /** A withdrawn or rejected plan into approval again. */
  submitPlan: (tenantId: number, id: number, objectVersionNumber: number, chosen?: ChosenAssignees) =>
    api.put<Plan>(`${base(tenantId)}/plan/submit/${id}`, {
      query: { objectVersionNumber },
      ...(chosen ? { json: { chosen } } : {}),
    }),

  // Selects: other modules' lists, read whole.
  taskTypes: (tenantId: number) =>
    api.get<Page<TaskType>>(`${base(tenantId)}/task-type/page`, { query: all }).then((p) => p.content),
  inputs: (tenantId: number) =>
    api.get<Page<InputOption>>(`${base(tenantId)}/agricultural/input`, { query: all }).then((p) => p.content),
  workers: (tenantId: number) =>
    api.get<Page<WorkerOption>>(`${base(tenantId)}/worker`, { query: all }).then((p) => p.content),
  growingBatches: (tenantId: number) =>
    api
      .get<Page<Batch>>(`${base(tenantId)}/batch`, { query: { ...all, status: 'growing' } })
      .then((p) => p.content),
};

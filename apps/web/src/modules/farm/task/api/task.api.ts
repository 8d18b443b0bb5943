import type { Page } from '@tilth/contracts';
import type { AgriInput } from '@tilth/contracts/agricultural.types';
import type { Area } from '@tilth/contracts/area.types';
import type { Batch } from '@tilth/contracts/batch.types';
import type { TaskType } from '@tilth/contracts/crop.types';
import type { FileView } from '@tilth/contracts/file.types';
import type { Land } from '@tilth/contracts/land.types';
import type {
  Task,
  TaskAssignBody,
  TaskCreateBody,
  TaskDetail,
  TaskFinishBody,
  TaskUpdateBody,
} from '@tilth/contracts/task.types';
import type { Worker } from '@tilth/contracts/worker.types';
import { api, type Query } from '../../../../shared/api/client';

export type { Task, TaskAction, TaskDetail, TaskStatus } from '@tilth/contracts/task.types';

export const taskKeys = {
  all: (tenantId: number) => ['farm', 'task', tenantId] as const,
  mine: (tenantId: number) => ['farm', 'task', tenantId, 'mine'] as const,
  detail: (tenantId: number, id: number) => ['farm', 'task', tenantId, 'detail', id] as const,
  options: (tenantId: number, what: string) => ['farm', 'task', 'options', tenantId, what] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/task`;
type PageQuery = Query & { page: number; size: number };
/** Option lists come from other modules; a missing permission there leaves a list empty, not an error. */
const all = <T>(path: string, query: Query = {}) =>
  api
    .get<Page<T>>(path, { query: { page: 0, size: 0, ...query }, globalErrors: false })
    .then((p) => p.content);

type Version = { taskId: number; objectVersionNumber: number };

export const taskApi = {
  page: (tenantId: number, query: PageQuery) => api.get<Page<Task>>(base(tenantId), { query }),
  mine: (tenantId: number, query: PageQuery) => api.get<Page<Task>>(`${base(tenantId)}/mine`, { query }),
  get: (tenantId: number, id: number) => api.get<TaskDetail>(`${base(tenantId)}/${id}`),
  create: (tenantId: number, body: TaskCreateBody) => api.post<TaskDetail>(base(tenantId), { json: body }),
  update: (tenantId: number, body: TaskUpdateBody) => api.put<TaskDetail>(base(tenantId), { json: body }),
  remove: (tenantId: number, t: Version) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/${t.taskId}`, {
      query: { objectVersionNumber: t.objectVersionNumber },
    }),
  assign: (tenantId: number, t: Version, body: Omit<TaskAssignBody, 'objectVersionNumber'>) =>
    api.post<TaskDetail>(`${base(tenantId)}/${t.taskId}/assign`, {
      json: { ...body, objectVersionNumber: t.objectVersionNumber },
    }),
  finish: (tenantId: number, t: Version, body: Omit<TaskFinishBody, 'objectVersionNumber'>) =>
    api.post<TaskDetail>(`${base(tenantId)}/${t.taskId}/finish`, {
      json: { ...body, objectVersionNumber: t.objectVersionNumber },
    }),
  /** start and approve take only the version; reject, end and cancel a reason too. */
  act: (
    tenantId: number,
    t: Version,
    action: 'start' | 'approve' | 'reject' | 'end' | 'cancel',
    reason?: string,
  ) =>
    api.post<TaskDetail>(`${base(tenantId)}/${t.taskId}/${action}`, {
      json: { objectVersionNumber: t.objectVersionNumber, ...(reason === undefined ? {} : { reason }) },
    }),
  upload: (tenantId: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${tenantId}/files/multipart`, { multipart: body });
  },
  areas: (tenantId: number) => all<Area>(`/wfpf/v2/${tenantId}/area`, { organizationType: 'area' }),
  lands: (tenantId: number) => all<Land>(`/wfpf/v1/${tenantId}/land`),
  batches: (tenantId: number) => all<Batch>(`/wfpf/v1/${tenantId}/batch`),
  workers: (tenantId: number) => all<Worker>(`/wfpf/v1/${tenantId}/worker`, { enabledFlag: 1 }),
  taskTypes: (tenantId: number) => all<TaskType>(`/wfpf/v1/${tenantId}/task-type/page`, { enabledFlag: 1 }),
  inputs: (tenantId: number) => all<AgriInput>(`/wfpf/v1/${tenantId}/agricultural/input`),
};

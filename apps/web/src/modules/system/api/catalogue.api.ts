import type { Page } from '@tilth/contracts';
import type {
  Crop,
  CropCreateBody,
  CropUpdateBody,
  TaskType,
  TaskTypeCreateBody,
  TaskTypeUpdateBody,
  Variety,
  VarietyCreateBody,
  VarietyUpdateBody,
} from '@tilth/contracts/crop.types';
import type { FileView } from '@tilth/contracts/file.types';
import { api, type Query } from '../../../shared/api/client';

export type { Crop, TaskType, Variety } from '@tilth/contracts/crop.types';

// Input bodies: what the forms send (defaults of the contracts filled by the server).
export type CropInput = Partial<CropCreateBody> & { cropName: string };
export type VarietyInput = Partial<VarietyCreateBody> & { cropId: number; varietyName: string };
export type TaskTypeInput = Partial<TaskTypeCreateBody> & { typeName: string };

/** Query keys: every list of a kind refreshes together. */
export const catalogueKeys = {
  crops: (tenantId: number) => ['catalogue', tenantId, 'crop'] as const,
  cropOptions: (tenantId: number) => ['catalogue', tenantId, 'crop', 'options'] as const,
  varieties: (tenantId: number) => ['catalogue', tenantId, 'variety'] as const,
  taskTypes: (tenantId: number) => ['catalogue', tenantId, 'taskType'] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}`;

export const cropApi = {
  page: (tenantId: number, query: Query) => api.get<Page<Crop>>(`${base(tenantId)}/crop/page`, { query }),
  all: (tenantId: number) =>
    api
      .get<Page<Crop>>(`${base(tenantId)}/crop/page`, { query: { page: 0, size: 0 } })
      .then((p) => p.content),
  create: (tenantId: number, body: CropInput) => api.post<Crop>(`${base(tenantId)}/crop`, { json: body }),
  update: (tenantId: number, body: Partial<CropUpdateBody>) =>
    api.put<Crop>(`${base(tenantId)}/crop`, { json: body }),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${base(tenantId)}/crop/${id}`),
};

export const varietyApi = {
  page: (tenantId: number, query: Query) =>
    api.get<Page<Variety>>(`${base(tenantId)}/variety/page`, { query }),
  create: (tenantId: number, body: VarietyInput) =>
    api.post<Variety>(`${base(tenantId)}/variety`, { json: body }),
  update: (tenantId: number, body: Partial<VarietyUpdateBody>) =>
    api.put<Variety>(`${base(tenantId)}/variety`, { json: body }),
  remove: (tenantId: number, id: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/variety/${id}`),
};

export const taskTypeApi = {
  page: (tenantId: number, query: Query) =>
    api.get<Page<TaskType>>(`${base(tenantId)}/task-type/page`, { query }),
  create: (tenantId: number, body: TaskTypeInput) =>
    api.post<TaskType>(`${base(tenantId)}/task-type`, { json: body }),
  update: (tenantId: number, body: Partial<TaskTypeUpdateBody>) =>
    api.put<TaskType>(`${base(tenantId)}/task-type`, { json: body }),
  remove: (tenantId: number, id: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/task-type/${id}`),
};

/** POST /hfle/v1/{t}/files/multipart: stores an image, answers its address. */
export const uploadImage = (tenantId: number, file: File): Promise<FileView> => {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<FileView>(`/hfle/v1/${tenantId}/files/multipart`, { multipart: body });
};

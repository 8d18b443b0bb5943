import type { Page } from '@tilth/contracts';
import type { FileView } from '@tilth/contracts/file.types';
import type {
  TraceBatch,
  TraceBatchCreateBody,
  TraceBatchDetail,
  TraceBusiness,
  TraceHarvest,
  TraceOutlet,
  TraceOutletCreateBody,
  TraceOverview,
  TraceProduct,
  TraceProductCreateBody,
} from '@tilth/contracts/trace-catalog.types';
import { api, type Query } from '../../../shared/api/client';

export type {
  TraceBatch,
  TraceBatchDetail,
  TraceBusiness,
  TraceHarvest,
  TraceOutlet,
  TraceOverview,
  TraceProduct,
} from '@tilth/contracts/trace-catalog.types';

// The calls of the trace catalogue (issue 18): traced products, trace batches and the harvests they are
// made of, outlets, the business profile, and part D's publish of a batch.

/** Permission codes of the catalogue pages and their actions. */
export const CATALOG_CODES = {
  productView: 'wfpf.farm.trace.produce',
  productEdit: 'wfpf.farm.trace.produce.ps.edit',
  productDelete: 'wfpf.farm.trace.produce.ps.delete',
  batchView: 'wfpf.farm.trace.index',
  batchEdit: 'wfpf.farm.trace.index.ps.edit',
  batchDelete: 'wfpf.farm.trace.index.ps.delete',
  batchPublish: 'wfpf.farm.trace.index.ps.publish',
  store: 'wfpf.farm.trace.base-store',
  online: 'wfpf.farm.trace.base-onlineStore',
  business: 'wfpf.farm.trace.base-business',
  baseEdit: 'wfpf.farm.trace.base.ps.edit',
} as const;

/** Query keys: everything of a tenant's catalogue under ['trace', t]. */
export const catalogKeys = {
  all: (t: number) => ['trace', t] as const,
  products: (t: number) => ['trace', t, 'products'] as const,
  productOptions: (t: number) => ['trace', t, 'products', 'options'] as const,
  batches: (t: number) => ['trace', t, 'batches'] as const,
  batch: (t: number, id: number) => ['trace', t, 'batches', 'one', id] as const,
  harvests: (t: number) => ['trace', t, 'harvests'] as const,
  overview: (t: number) => ['trace', t, 'batches', 'overview'] as const,
  outlets: (t: number, kind: string) => ['trace', t, 'outlets', kind] as const,
  allOutlets: (t: number) => ['trace', t, 'outlets', 'all'] as const,
  business: (t: number) => ['trace', t, 'business'] as const,
  inventoryProducts: (t: number) => ['trace', t, 'inventory-products'] as const,
  crops: (t: number) => ['trace', t, 'crops'] as const,
};

const base = (t: number) => `/wfpf/v1/${t}/trace`;
type Paged = Query & { page: number; size: number };

/** What the forms send: the contract's input with the server's defaults optional. */
export type ProductInput = TraceProductCreateBody;
export type BatchInput = TraceBatchCreateBody;
export type OutletInput = Omit<TraceOutletCreateBody, 'kind'>;
export type BusinessInput = Omit<TraceBusiness, 'objectVersionNumber' | 'creationDate' | 'lastUpdateDate'> & {
  objectVersionNumber?: number;
};

export const catalogApi = {
  products: (t: number, query: Paged) => api.get<Page<TraceProduct>>(`${base(t)}/products`, { query }),
  product: (t: number, id: number) => api.get<TraceProduct>(`${base(t)}/products/${id}`),
  createProduct: (t: number, body: ProductInput) =>
    api.post<TraceProduct>(`${base(t)}/products`, { json: body }),
  updateProduct: (t: number, body: ProductInput & { traceProductId: number; objectVersionNumber: number }) =>
    api.put<TraceProduct>(`${base(t)}/products`, { json: body }),
  setProductEnabled: (t: number, p: TraceProduct, enabledFlag: 0 | 1) =>
    api.put<TraceProduct>(`${base(t)}/products/${p.traceProductId}/enabled`, {
      json: { enabledFlag, objectVersionNumber: p.objectVersionNumber },
    }),
  removeProduct: (t: number, p: TraceProduct) =>
    api.delete<unknown>(`${base(t)}/products/${p.traceProductId}`, {
      query: { objectVersionNumber: p.objectVersionNumber },
    }),

  overview: (t: number) => api.get<TraceOverview>(`${base(t)}/overview`),
  harvests: (t: number, query: Paged) => api.get<Page<TraceHarvest>>(`${base(t)}/harvests`, { query }),
  batches: (t: number, query: Paged) => api.get<Page<TraceBatch>>(`${base(t)}/batches`, { query }),
  batch: (t: number, id: number) => api.get<TraceBatchDetail>(`${base(t)}/batches/${id}`),
  createBatch: (t: number, body: BatchInput) => api.post<TraceBatch>(`${base(t)}/batches`, { json: body }),
  updateBatch: (t: number, body: BatchInput & { traceBatchId: number; objectVersionNumber: number }) =>
    api.put<TraceBatch>(`${base(t)}/batches`, { json: body }),
  removeBatch: (t: number, b: TraceBatch) =>
    api.delete<unknown>(`${base(t)}/batches/${b.traceBatchId}`, {
      query: { objectVersionNumber: b.objectVersionNumber },
    }),
  /** Freezes the batch into a trace record on the ledger (a republish makes the next version). */
  publishBatch: (t: number, b: TraceBatch) =>
    api.post<unknown>(`${base(t)}/batches/${b.traceBatchId}/publish`, {
      json: { objectVersionNumber: b.objectVersionNumber },
    }),
  withdrawBatch: (t: number, b: TraceBatch) =>
    api.post<TraceBatch>(`${base(t)}/batches/${b.traceBatchId}/withdraw`, {
      json: { objectVersionNumber: b.objectVersionNumber },
    }),

  outlets: (t: number, query: Paged & { kind: string }) =>
    api.get<Page<TraceOutlet>>(`${base(t)}/outlets`, { query }),
  createOutlet: (t: number, kind: 'store' | 'online', body: OutletInput) =>
    api.post<TraceOutlet>(`${base(t)}/outlets`, { json: { ...body, kind } }),
  updateOutlet: (t: number, body: OutletInput & { outletId: number; objectVersionNumber: number }) =>
    api.put<TraceOutlet>(`${base(t)}/outlets`, { json: body }),
  removeOutlet: (t: number, o: TraceOutlet) =>
    api.delete<unknown>(`${base(t)}/outlets/${o.outletId}`, {
      query: { objectVersionNumber: o.objectVersionNumber },
    }),

  business: (t: number) => api.get<TraceBusiness | null>(`${base(t)}/business`),
  saveBusiness: (t: number, body: BusinessInput) =>
    api.put<TraceBusiness>(`${base(t)}/business`, { json: body }),

  /** Pickers: the inventory catalogue's products and the crops (their own domains' list calls). */
  inventoryProducts: (t: number) =>
    api
      .get<Page<{ id: number; productName: string; productType: string }>>(
        `/wfpf/v1/${t}/inventory/product`,
        {
          query: { page: 0, size: 200 },
          globalErrors: false,
        },
      )
      .then((p) => p.content),
  crops: (t: number) =>
    api
      .get<Page<{ cropId: number; cropName: string }>>(`/wfpf/v1/${t}/crop/page`, {
        query: { page: 0, size: 0 },
        globalErrors: false,
      })
      .then((p) => p.content),

  upload: (t: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${t}/files/multipart`, { multipart: body });
  },
};

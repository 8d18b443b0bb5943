import type { Page } from '@tilth/contracts';
import type { FileView } from '@tilth/contracts/file.types';
import type {
  Inquiry,
  InquiryCloseBody,
  InquiryDashboard,
  InquiryDetail,
  InquiryOptions,
} from '@tilth/contracts/inquiry.types';
import { api, type Query } from '../../../shared/api/client';

export type {
  Inquiry,
  InquiryDashboard,
  InquiryDetail,
  InquiryOptions,
} from '@tilth/contracts/inquiry.types';

// Calls of /web/agriculture/expert-inquiry (issue 19 item 5): the tenant's inquiries and, for experts of the
// platform tenant, the expert pool (ADR 0018).

export const INQUIRY_CODES = {
  view: 'wfpf.farm.agriculture.expert-inquiry',
  ask: 'wfpf.farm.agriculture.expert-inquiry.ps.ask',
  answer: 'wfpf.farm.agriculture.expert-inquiry.ps.answer',
} as const;

/** The pool lives in the platform tenant. */
export const PLATFORM_TENANT_ID = 0;

/** Which inquiry a thread shows: one of this tenant, or a pool inquiry of another tenant. */
export interface InquiryRef {
  id: number;
  /** Set for a pool inquiry read by a pool expert. */
  askTenantId?: number | undefined;
}

export const inquiryKeys = {
  all: (t: number) => ['inquiry', t] as const,
  options: (t: number) => ['inquiry', t, 'options'] as const,
  list: (t: number, scope: string) => ['inquiry', t, 'list', scope] as const,
  dashboard: (t: number, pool: boolean) => ['inquiry', t, 'dashboard', pool] as const,
  one: (t: number, ref: InquiryRef) => ['inquiry', t, 'one', ref.askTenantId ?? t, ref.id] as const,
};

const base = (t: number) => `/wfpf/v1/${t}/agriculture/inquiries`;
const pool = (t: number) => `/wfpf/v1/${t}/agriculture/inquiry-pool`;
const one = (t: number, ref: InquiryRef) =>
  ref.askTenantId === undefined ? `${base(t)}/${ref.id}` : `${pool(t)}/${ref.askTenantId}/${ref.id}`;

export interface AskInput {
  title: string;
  question: string;
  cropId: number;
  landId: number;
  batchId?: number | null;
  photoFileIds: string[];
  urgency: 'low' | 'normal' | 'urgent';
  audience: 'tenant' | 'pool';
  identificationNote?: string;
}

/** What the ask form reads of an identification (helper 'identify''s API, issue 19 item 6). */
export interface IdentificationNote {
  identificationId: number;
  candidates: { name: string; confidence: number }[];
}

export const inquiryApi = {
  /** The identification the farmer came from; its own errors stay quiet (the form then keeps the photo only). */
  identification: (t: number, id: string) =>
    api.get<IdentificationNote>(`/wfpf/v1/${t}/agriculture/identifications/${encodeURIComponent(id)}`, {
      globalErrors: false,
    }),
  options: (t: number) => api.get<InquiryOptions>(`${base(t)}/options`),
  list: (t: number, query: Query & { page: number; size: number; scope: string }, fromPool = false) =>
    api.get<Page<Inquiry>>(fromPool ? pool(t) : base(t), { query }),
  dashboard: (t: number, fromPool: boolean) =>
    api.get<InquiryDashboard>(`${fromPool ? pool(t) : base(t)}/dashboard`),
  get: (t: number, ref: InquiryRef) => api.get<InquiryDetail>(one(t, ref)),
  ask: (t: number, body: AskInput) => api.post<InquiryDetail>(base(t), { json: body }),
  expert: (
    t: number,
    ref: InquiryRef,
    kind: 'answer' | 'ask-back',
    body: string,
    objectVersionNumber: number,
  ) => api.post<InquiryDetail>(`${one(t, ref)}/${kind}`, { json: { body, objectVersionNumber } }),
  reply: (t: number, id: number, body: string, photoFileIds: string[], objectVersionNumber: number) =>
    api.post<InquiryDetail>(`${base(t)}/${id}/reply`, { json: { body, photoFileIds, objectVersionNumber } }),
  close: (t: number, ref: InquiryRef, body: InquiryCloseBody) =>
    api.post<InquiryDetail>(`${one(t, ref)}/close`, { json: body }),
  /** The answers as a draft article (of this tenant; of the platform tenant from the pool). */
  publish: (t: number, ref: InquiryRef) =>
    api.post<{ articleId: number; editorPath: string; tenantId: number }>(`${one(t, ref)}/publish-article`, {
      json: {},
    }),
  uploadPhoto: (t: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${t}/files/multipart`, { multipart: body });
  },
};

import type { Page } from '@tilth/contracts';
import type {
  TraceCode,
  TraceCodePackage,
  TraceCodePackageCreateBody,
  TraceScanPage,
} from '@tilth/contracts/trace-code.types';
import { ApiError, api, buildUrl, type Query } from '../../../shared/api/client';
import { currentLanguage, translate } from '../../../shared/i18n/i18n';
import { getAccessToken } from '../../../shared/storage';

export type {
  TraceCode,
  TraceCodePackage,
  TraceScan,
  TraceScanPage,
} from '@tilth/contracts/trace-code.types';

export const TRACE_CODE_CODES = {
  view: 'wfpf.farm.trace.code-package',
  create: 'wfpf.farm.trace.code-package.ps.create',
  void: 'wfpf.farm.trace.code-package.ps.void',
  export: 'wfpf.farm.trace.code-package.ps.export',
  scans: 'wfpf.farm.trace.record',
} as const;

export const traceCodeKeys = {
  packages: (t: number) => ['trace', t, 'code-packages'] as const,
  codes: (t: number, id: number) => ['trace', t, 'codes', id] as const,
  scans: (t: number) => ['trace', t, 'scans'] as const,
  batches: (t: number) => ['trace', t, 'batch-options'] as const,
};

/** A trace batch as the pickers show it (trace/catalog's list answer, only what is needed here). */
export interface BatchOption {
  traceBatchId: number;
  batchCode: string;
  productName: string;
  gtin: string | null;
  status: 'draft' | 'published' | 'withdrawn';
}

const P = (t: number) => `/wfpf/v1/${t}/trace/code-package`;

export const traceCodeApi = {
  page: (t: number, query: Query) => api.get<Page<TraceCodePackage>>(P(t), { query }),
  get: (t: number, id: number) => api.get<TraceCodePackage>(`${P(t)}/${id}`),
  create: (t: number, body: TraceCodePackageCreateBody) => api.post<TraceCodePackage>(P(t), { json: body }),
  codes: (t: number, id: number, query: Query) => api.get<Page<TraceCode>>(`${P(t)}/${id}/codes`, { query }),
  voidPackage: (t: number, p: Pick<TraceCodePackage, 'packageId' | 'objectVersionNumber'>, reason: string) =>
    api.post<{ voided: number }>(`${P(t)}/${p.packageId}/void`, {
      json: { reason, objectVersionNumber: p.objectVersionNumber },
    }),
  voidCode: (t: number, serial: string, reason: string) =>
    api.post<{ voided: number }>(`/wfpf/v1/${t}/trace/code/void`, { json: { serial, reason } }),
  scans: (t: number, query: Query) => api.get<TraceScanPage>(`/wfpf/v1/${t}/trace/scan`, { query }),
  batches: (t: number) =>
    api.get<Page<BatchOption>>(`/wfpf/v1/${t}/trace/batches`, { query: { page: 0, size: 200 } }),
};

/** The file name of a Content-Disposition header (RFC 6266 filename* first), else `fallback`. */
const fileNameOf = (disposition: string | null, fallback: string): string => {
  const star = disposition && /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Badly encoded: the fallback.
    }
  }
  return fallback;
};

/** Downloads one made file of a package (PDF, CSV or ZIP) with the bearer token. */
export const downloadPackageFile = async (t: number, p: TraceCodePackage, file: 'pdf' | 'csv' | 'zip') => {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(buildUrl(`${P(t)}/${p.packageId}/file/${file}`), { headers });
  } catch {
    throw new ApiError(0, 'network', translate('common:error.network'));
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, `http.${res.status}`, body.message ?? '');
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('content-disposition'), `${p.packageCode}.${file}`);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};

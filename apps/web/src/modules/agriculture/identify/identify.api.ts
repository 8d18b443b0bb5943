import type { Page } from '@tilth/contracts';
import type {
  Identification,
  IdentifyStatusAnswer,
  PestKnowledge,
  PestKnowledgeCreateBody,
  PestKnowledgeDetail,
  PestKnowledgeUpdateBody,
} from '@tilth/contracts/identify.types';
import { api, type Query } from '../../../shared/api/client';

export type {
  Identification,
  IdentifyCandidate,
  IdentifyStatusAnswer,
  PestKnowledge,
  PestKnowledgeDetail,
} from '@tilth/contracts/identify.types';

export const IDENTIFY_CODES = {
  view: 'wfpf.farm.agriculture.identify',
  run: 'wfpf.farm.agriculture.identify.ps.run',
  knowledge: 'wfpf.farm.agriculture.identify.ps.knowledge',
} as const;

export const identifyKeys = {
  status: (t: number) => ['identify', t, 'status'] as const,
  history: (t: number) => ['identify', t, 'history'] as const,
  knowledge: (t: number) => ['identify', t, 'knowledge'] as const,
  entry: (t: number, id: number) => ['identify', t, 'knowledge', id] as const,
  crops: (t: number) => ['identify', t, 'crops'] as const,
};

const base = (t: number) => `/wfpf/v1/${t}/agriculture`;

export const identifyApi = {
  status: (t: number) => api.get<IdentifyStatusAnswer>(`${base(t)}/identify/status`),
  identify: (t: number, file: File, cropId?: number) => {
    const fd = new FormData();
    if (cropId) fd.append('cropId', String(cropId));
    fd.append('file', file, file.name);
    // An identification takes well under a second; a cloud service may take up to its own timeout.
    return api.post<Identification>(`${base(t)}/identifications`, { multipart: fd, timeoutMs: 60_000 });
  },
  history: (t: number, query: Query) =>
    api.get<Page<Identification>>(`${base(t)}/identifications`, { query }),
  knowledge: (t: number, query: Query) =>
    api.get<Page<PestKnowledge>>(`${base(t)}/pest-knowledge`, { query }),
  entry: (t: number, id: number) => api.get<PestKnowledgeDetail>(`${base(t)}/pest-knowledge/${id}`),
  create: (t: number, body: PestKnowledgeCreateBody) =>
    api.post<PestKnowledgeDetail>(`${base(t)}/pest-knowledge`, { json: body }),
  update: (t: number, id: number, body: PestKnowledgeUpdateBody) =>
    api.put<PestKnowledgeDetail>(`${base(t)}/pest-knowledge/${id}`, { json: body }),
  remove: (t: number, k: Pick<PestKnowledge, 'knowledgeId' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`${base(t)}/pest-knowledge/${k.knowledgeId}`, {
      query: { objectVersionNumber: k.objectVersionNumber },
    }),
  /** One picture into the file library; answers its address (the entry keeps the address). */
  uploadImage: (t: number, file: File) => {
    const fd = new FormData();
    fd.append('file', file, file.name);
    return api
      .post<{ fileUrl: string }>(`/hfle/v1/${t}/files/multipart`, { multipart: fd })
      .then((f) => f.fileUrl);
  },
  /** The tenant's crops for the optional crop field (quiet: a user without the catalogue just gets none). */
  crops: (t: number) =>
    api
      .get<Page<{ cropId: number; cropName: string; cropEnName?: string | null }>>(
        `/wfpf/v1/${t}/crop/page`,
        {
          query: { page: 0, size: 0, enabledFlag: 1 },
          globalErrors: false,
        },
      )
      .then((p) => p.content)
      .catch(() => []),
};

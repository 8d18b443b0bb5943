import type { Page } from '@tilth/contracts';
import type { FileView } from '@tilth/contracts/file.types';
import type {
  CreateNoticeRequest,
  NoticeAudienceOptions,
  NoticeDetail,
  NoticeReadersPage,
} from '@tilth/contracts/notice.types';
import { api, type Query } from '../../../shared/api/client';

// The announcements admin's calls (docs/api.md 'Announcements admin'): the tenant's own announcements in
// every state, write / publish / schedule / withdraw / delete, who read, and the attachments' files.

export type { NoticeAudienceOptions, NoticeDetail, NoticeReadersPage };

/** Query keys: everything of a tenant's announcements under ['contentNotice', t]. */
export const noticeAdminKeys = {
  all: (t: number) => ['contentNotice', t] as const,
  list: (t: number) => ['contentNotice', t, 'list'] as const,
  one: (t: number, id: number) => ['contentNotice', t, 'one', id] as const,
  readers: (t: number, id: number) => ['contentNotice', t, 'readers', id] as const,
  options: (t: number) => ['contentNotice', t, 'options'] as const,
  files: (t: number, uuid: string) => ['contentNotice', t, 'files', uuid] as const,
};

export const NOTICE_CODES = {
  view: 'wfpf.company.system.notice-manger',
  create: 'wfpf.company.system.notice-manger.ps.create',
  edit: 'wfpf.company.system.notice-manger.ps.edit',
  delete: 'wfpf.company.system.notice-manger.ps.delete',
  publish: 'wfpf.company.system.notice-manger.ps.publish',
} as const;

const base = (t: number) => `/hmsg/v1/${t}/notices`;

export interface NoticeWrite extends Omit<CreateNoticeRequest, 'publish' | 'publishAt'> {
  title: string;
  noticeBody: string;
}

export const noticeAdminApi = {
  page: (t: number, query: Query) => api.get<Page<NoticeDetail>>(base(t), { query }),
  get: (t: number, id: number) => api.get<NoticeDetail>(`${base(t)}/${id}`),
  create: (t: number, body: CreateNoticeRequest) => api.post<NoticeDetail>(base(t), { json: body }),
  update: (t: number, id: number, body: NoticeWrite & { objectVersionNumber: number }) =>
    api.put<NoticeDetail>(`${base(t)}/${id}`, { json: body }),
  publish: (t: number, id: number) => api.post<NoticeDetail>(`${base(t)}/${id}/publish`),
  schedule: (t: number, id: number, publishAt: string, objectVersionNumber: number) =>
    api.post<NoticeDetail>(`${base(t)}/${id}/schedule`, { json: { publishAt, objectVersionNumber } }),
  withdraw: (t: number, n: Pick<NoticeDetail, 'id' | 'objectVersionNumber'>) =>
    api.post<NoticeDetail>(`${base(t)}/${n.id}/withdraw`, {
      json: { objectVersionNumber: n.objectVersionNumber },
    }),
  remove: (t: number, id: number) => api.delete<{ success: boolean }>(`${base(t)}/${id}`),
  readers: (t: number, id: number, query: Query) =>
    api.get<NoticeReadersPage>(`${base(t)}/${id}/readers`, { query }),
  options: (t: number) => api.get<NoticeAudienceOptions>(`${base(t)}/audience-options`),
  files: (t: number, attachmentUuid: string) =>
    api.get<Omit<FileView, 'attachmentUuid'>[]>(`/hfle/v1/${t}/files`, { query: { attachmentUuid } }),
  upload: (t: number, attachmentUuid: string, file: File) => {
    const body = new FormData();
    body.append('attachmentUuid', attachmentUuid);
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${t}/files/multipart`, { multipart: body });
  },
  removeFile: (t: number, fileId: string) =>
    api.delete<{ success: boolean }>(`/hfle/v1/${t}/files/${fileId}`),
};

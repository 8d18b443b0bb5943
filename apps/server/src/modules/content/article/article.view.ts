import type {
  Article,
  ArticleListItem,
  ArticleStatus,
  Revision,
  RevisionListItem,
} from '@tilth/contracts/article.types';
import { flagOf } from '../../../platform/db/columns.js';
import type { ArticleViewRow, RevisionViewRow } from './article.repository.js';

// Rows → API answers.

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const toListItem = (r: ArticleViewRow): ArticleListItem => ({
  id: r.id,
  title: r.title,
  categoryId: r.categoryId,
  categoryName: r.categoryName,
  categoryEnName: r.categoryEnName,
  status: r.status as ArticleStatus,
  label: r.label,
  coverPicture: r.coverPicture,
  carouselFlag: flagOf(r.carouselFlag),
  uploadDate: iso(r.uploadDate),
  publishAt: iso(r.publishAt),
  readCount: r.readCount,
  revision: r.revision,
  objectVersionNumber: r.objectVersionNumber,
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

export const toArticle = (r: ArticleViewRow): Article => ({
  ...toListItem(r),
  summary: r.summary,
  content: r.content,
  articleSource: r.articleSource,
  sourceInquiryId: r.sourceInquiryId,
  reviewComment: r.reviewComment,
  approvalProcessId: r.approvalProcessId,
  creationDate: r.creationDate.toISOString(),
});

export const toRevisionItem = (r: RevisionViewRow): RevisionListItem => ({
  revision: r.revision,
  title: r.title,
  note: r.note,
  createdBy: r.createdBy,
  createdByName: r.createdByName,
  creationDate: r.creationDate.toISOString(),
});

export const toRevision = (r: RevisionViewRow): Revision => ({
  ...toRevisionItem(r),
  categoryId: r.categoryId,
  categoryName: r.categoryName,
  summary: r.summary,
  content: r.content,
  coverPicture: r.coverPicture,
  label: r.label,
  articleSource: r.articleSource,
});

import type { PermissionCode } from '@tilth/contracts/permissions';

// Page codes view; action codes write (packages/contracts permissions.content.ts).
export const ARTICLE_ACCESS = {
  view: 'wfpf.company.system.article',
  editorPage: 'wfpf.company.system.graphic-editor',
  create: 'wfpf.company.system.article.ps.create',
  edit: 'wfpf.company.system.article.ps.edit',
  delete: 'wfpf.company.system.article.ps.delete',
  publish: 'wfpf.company.system.article.ps.publish',
  classifyView: 'wfpf.company.system.classify',
  classifyEdit: 'wfpf.company.system.classify.ps.edit',
} as const satisfies Record<string, PermissionCode>;

/** Reading articles: the list, the editor page or the category page (they all show article data). */
export const ARTICLE_READ = [ARTICLE_ACCESS.view, ARTICLE_ACCESS.editorPage] as PermissionCode[];
/** The category tree is read by the category page and by every article page (the category picker). */
export const CATEGORY_READ = [
  ARTICLE_ACCESS.classifyView,
  ARTICLE_ACCESS.view,
  ARTICLE_ACCESS.editorPage,
] as PermissionCode[];

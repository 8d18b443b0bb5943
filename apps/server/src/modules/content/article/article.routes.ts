import {
  article,
  articleCreateBody,
  articleIdParam,
  articleListQuery,
  articlePage,
  articleSaveBody,
  articleScheduleBody,
  articleVersionBody,
  category,
  categoryCreateBody,
  categoryIdParam,
  categoryList,
  categoryListQuery,
  categoryOrderBody,
  categoryUpdateBody,
  revision,
  revisionDiff,
  revisionDiffQuery,
  revisionList,
  revisionParam,
  versionQuery,
} from '@tilth/contracts/article.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { ARTICLE_ACCESS, ARTICLE_READ, CATEGORY_READ } from './article.access.js';
import { ArticlePublishService, registerArticleApprovals } from './article.publish.js';
import { ArticleRevisionService } from './article.revisions.js';
import { ArticleService } from './article.service.js';
import { CategoryService } from './category.service.js';

const CATEGORIES = '/wfpf/v1/:tenantId/content/categories';
const ARTICLES = '/wfpf/v1/:tenantId/content/articles';

/** Categories, articles, publishing and revisions of /system/classify, /system/article, /system/graphic-editor. */
export const registerArticleRoutes = (app: App, platform: Platform): void => {
  const categories = new CategoryService();
  const articles = new ArticleService();
  const publishing = new ArticlePublishService();
  const revisions = new ArticleRevisionService();
  registerArticleApprovals();

  addRoute(app, platform, {
    method: 'GET',
    url: CATEGORIES,
    access: CATEGORY_READ,
    summary: 'The article category tree as a flat list (parentId, sortOrder), with article counts',
    schema: { params: tenantParam, querystring: categoryListQuery, response: { 200: categoryList } },
    handler: (ctx, req) => categories.list(ctx, req.query.enabledFlag),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: CATEGORIES,
    access: ARTICLE_ACCESS.classifyEdit,
    summary: 'Adds a category (zh / en name) under a parent or at the top, last among its siblings',
    schema: { params: tenantParam, body: categoryCreateBody, response: { 200: category } },
    handler: (ctx, req) => categories.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: CATEGORIES,
    access: ARTICLE_ACCESS.classifyEdit,
    summary: 'Renames, enables or disables a category (objectVersionNumber: stale → 409)',
    schema: { params: tenantParam, body: categoryUpdateBody, response: { 200: category } },
    handler: (ctx, req) => categories.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${CATEGORIES}/order`,
    access: ARTICLE_ACCESS.classifyEdit,
    summary: "Orders one parent's categories (every child once)",
    schema: { params: tenantParam, body: categoryOrderBody, response: { 200: categoryList } },
    handler: (ctx, req) => categories.reorder(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${CATEGORIES}/:id`,
    access: ARTICLE_ACCESS.classifyEdit,
    summary: 'Deletes a category; refused (409) while articles or subcategories use it',
    schema: { params: categoryIdParam, querystring: versionQuery, response: { 200: okResult } },
    handler: (ctx, req) => categories.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: ARTICLES,
    access: ARTICLE_READ,
    summary: 'Articles, last edited first (title contains, categoryId, status, release days dateFrom–dateTo)',
    schema: { params: tenantParam, querystring: articleListQuery, response: { 200: articlePage } },
    handler: (ctx, req) => articles.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${ARTICLES}/:id`,
    access: ARTICLE_READ,
    summary: 'One article with its body, in any status',
    schema: { params: articleIdParam, response: { 200: article } },
    handler: (ctx, req) => articles.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: ARTICLES,
    access: ARTICLE_ACCESS.create,
    summary: 'Creates a draft (body sanitised) as revision 1',
    schema: { params: tenantParam, body: articleCreateBody, response: { 200: article } },
    handler: (ctx, req) => articles.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: ARTICLES,
    access: ARTICLE_ACCESS.edit,
    summary: 'Saves the article as a new revision (stale → 409; refused under review)',
    schema: { params: tenantParam, body: articleSaveBody, response: { 200: article } },
    handler: (ctx, req) => articles.save(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${ARTICLES}/:id`,
    access: ARTICLE_ACCESS.delete,
    summary: 'Deletes an article with its revisions (not while under review)',
    schema: { params: articleIdParam, querystring: versionQuery, response: { 200: okResult } },
    handler: (ctx, req) => articles.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${ARTICLES}/:id/publish`,
    access: ARTICLE_ACCESS.publish,
    summary: "Publishes now, or submits for review when a flow is bound to 'article'",
    schema: { params: articleIdParam, body: articleVersionBody, response: { 200: article } },
    handler: (ctx, req) => publishing.publish(ctx, req.params.id, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${ARTICLES}/:id/schedule`,
    access: ARTICLE_ACCESS.publish,
    summary: 'Schedules publishing at publishAt (future, within a year), after review when a flow is bound',
    schema: { params: articleIdParam, body: articleScheduleBody, response: { 200: article } },
    handler: (ctx, req) => publishing.schedule(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${ARTICLES}/:id/withdraw`,
    access: ARTICLE_ACCESS.publish,
    summary: 'Takes a published article off the news, or cancels its schedule',
    schema: { params: articleIdParam, body: articleVersionBody, response: { 200: article } },
    handler: (ctx, req) => publishing.withdraw(ctx, req.params.id, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${ARTICLES}/:id/revisions`,
    access: ARTICLE_READ,
    summary: "An article's revisions, newest first, with author and time",
    schema: { params: articleIdParam, response: { 200: revisionList } },
    handler: (ctx, req) => revisions.list(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${ARTICLES}/:id/revisions/diff`,
    access: ARTICLE_READ,
    summary: 'Two revisions whole and the fields that differ (the console diffs the text)',
    schema: { params: articleIdParam, querystring: revisionDiffQuery, response: { 200: revisionDiff } },
    handler: (ctx, req) => revisions.diff(ctx, req.params.id, req.query.from, req.query.to),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${ARTICLES}/:id/revisions/:revision`,
    access: ARTICLE_READ,
    summary: 'One revision whole',
    schema: { params: revisionParam, response: { 200: revision } },
    handler: (ctx, req) => revisions.get(ctx, req.params.id, req.params.revision),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${ARTICLES}/:id/revisions/:revision/restore`,
    access: ARTICLE_ACCESS.edit,
    summary: 'Restores a revision as a new revision on top (history is never rewritten)',
    schema: { params: revisionParam, body: articleVersionBody, response: { 200: article } },
    handler: (ctx, req) =>
      revisions.restore(ctx, req.params.id, req.params.revision, req.body.objectVersionNumber),
  });
};

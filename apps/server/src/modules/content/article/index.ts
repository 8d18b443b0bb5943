// The public surface of content/article: what other domains may use (ADR 0009).
export {
  contentArticleRevisions,
  contentArticles,
  contentCategories,
} from './article.tables.js';
export { countArticleRead } from './article.repository.js';
export { type ArticleDraftInput, createArticleDraft } from './article.service.js';
export { registerArticleRoutes } from './article.routes.js';
export { articleJobs } from './article.jobs.js';
export { seedDemoArticles, seedDemoArticlesLater } from './article.demo.js';

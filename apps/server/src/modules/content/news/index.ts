// The public surface of content/news: what other domains and the composition root may use (ADR 0009).
export { contentArticleDayReads, contentArticleReads } from './news.tables.js';
export { registerNewsRoutes } from './news.routes.js';
export { readCounts as articleReadCounts } from './news.repository.js';

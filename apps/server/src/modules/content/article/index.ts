// The public surface of content/article: what other domains may use (ADR 0009).
export {
  contentArticleReads,
  contentArticleRevisions,
  contentArticles,
  contentCategories,
} from './article.tables.js';

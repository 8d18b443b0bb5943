import type { TenantCtx } from '../../../platform/http/context.js';
import { imageUrlsOf } from './article.html.js';

// Which pictures an article uses (the picture library's "used by 3 articles", delete refused while used).

/** The cover and body pictures of an article, in order, once each. */
export const picturesOf = (cover: string | null, cleanHtml: string): string[] => [
  ...new Set([...(cover ? [cover] : []), ...imageUrlsOf(cleanHtml)]),
];

/** Records the article's pictures with the picture library ([] when the article is deleted). */
export const recordArticlePictures = async (
  _ctx: TenantCtx,
  _articleId: number,
  _urls: readonly string[],
): Promise<void> => {
  // Wired to content/media's recordPictureUsage once that part is merged (see the report).
};

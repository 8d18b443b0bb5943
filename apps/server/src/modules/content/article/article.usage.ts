import type { TenantCtx } from '../../../platform/http/context.js';
import { recordPictureUsage } from '../media/index.js';
import { imageUrlsOf } from './article.html.js';

// Which library pictures an article uses (the picture library's "used by 3 articles"; a used picture
// cannot be deleted): recorded on every save, cleared on delete.

/** The cover and body pictures of an article, in order, once each. */
export const picturesOf = (cover: string | null, cleanHtml: string): string[] => [
  ...new Set([...(cover ? [cover] : []), ...imageUrlsOf(cleanHtml)]),
];

/** Records the article's pictures with the picture library ([] when the article is deleted). */
export const recordArticlePictures = (
  ctx: TenantCtx,
  articleId: number,
  urls: readonly string[],
): Promise<void> => recordPictureUsage(ctx, 'article', articleId, urls);

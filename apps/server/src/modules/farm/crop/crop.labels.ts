import { type SQL, sql } from 'drizzle-orm';
import type { Lang } from '../../../platform/i18n/lang.js';
import { crops, taskTypes } from './crop.tables.js';

// The one place a crop's or task type's shown name follows the caller's language (issue 12 item 4): lists
// of other domains select these instead of the Chinese column, so every screen answers alike. An English
// name that is unset falls back to the Chinese one.

/** The crop's name in `lang`: its English name in en-US when it has one, else its Chinese name. */
export const cropLabel = (lang: Lang): SQL<string> =>
  lang === 'en-US'
    ? sql<string>`coalesce(nullif(${crops.cropEnName}, ''), ${crops.cropName})`
    : sql<string>`${crops.cropName}`;

/** The task type's name in `lang`: its English name in en-US when it has one, else its Chinese name. */
export const taskTypeLabel = (lang: Lang): SQL<string> =>
  lang === 'en-US'
    ? sql<string>`coalesce(nullif(${taskTypes.typeEnName}, ''), ${taskTypes.typeName})`
    : sql<string>`${taskTypes.typeName}`;

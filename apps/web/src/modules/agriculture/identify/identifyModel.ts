import { IDENTIFY_MAX_BYTES } from '@tilth/contracts/identify.types';

// Pure rules of the identification screen (tested in identifyModel.test.ts).

export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** Why a photo is refused before sending (an i18n key of 'identify'), or null. The server checks again. */
export const checkPhoto = (
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes = IDENTIFY_MAX_BYTES,
): 'upload.type' | 'upload.tooLarge' | null => {
  const typeOk =
    /\.(jpe?g|png)$/i.test(file.name) && (file.type === '' || /^image\/(jpeg|png)$/.test(file.type));
  if (!typeOk) return 'upload.type';
  if (file.size > maxBytes) return 'upload.tooLarge';
  return null;
};

/** Confidence 0–1 as a percentage in the reader's locale (one decimal under 10 %). */
export const formatConfidence = (c: number, lang: string): string =>
  c > 0 && c < 0.001
    ? `<${new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(0.001)}`
    : new Intl.NumberFormat(lang, {
        style: 'percent',
        maximumFractionDigits: c < 0.1 ? 1 : 0,
      }).format(c);

/** The colour of a confidence bar: sure, so-so, unsure. */
export const confidenceTone = (c: number, floor: number): 'success' | 'normal' | 'exception' =>
  c >= Math.max(floor, 0.8) ? 'success' : c >= floor ? 'normal' : 'exception';

/** The expert link with the chosen crop added when the server's link has none. */
export const expertHref = (expertUrl: string, cropId: number | undefined): string => {
  if (!cropId || /[?&]crop=/.test(expertUrl)) return expertUrl;
  return expertUrl.replace('&identification=', `&crop=${cropId}&identification=`);
};

/** Lines of a textarea as a list (crops, ingredients, aliases), blanks dropped. */
export const linesOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/[\n,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);

import { z } from 'zod';
import {
  bodyId,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  updateBodyOf,
} from './common.types.js';
import { unitName } from './organization.types.js';

// Companies (issue 13 item 2): the company units of the tree with their legal data.
// Paths: /wfpf/v1/{t}/corporation….

export const CREDIT_CODE_LENGTH = 18;
/** GB 32100-2015: the code's alphabet (no I, O, Z, S, V); a character's value is its index. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters, or undefined when one is outside the alphabet. */
export const creditCheckChar = (first17: string): string | undefined => {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CHARS.indexOf(first17.charAt(i));
    if (v < 0) return undefined;
    sum += v * (CREDIT_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CHARS.charAt((31 - (sum % 31)) % 31);
};

/** A unified social credit code: 18 characters of the alphabet whose last is the GB 32100-2015 check. */
export const isCreditCode = (code: string): boolean =>
  code.length === CREDIT_CODE_LENGTH && creditCheckChar(code.slice(0, 17)) === code.charAt(17);

export const creditCode = z
  .string()
  .max(CREDIT_CODE_LENGTH * 4)
  .transform((s) => s.trim().toUpperCase())
  .pipe(
    z
      .string()
      .length(CREDIT_CODE_LENGTH, { error: `must be ${CREDIT_CODE_LENGTH} characters` })
      .refine(isCreditCode, { error: 'not a valid unified social credit code (GB 32100-2015 check failed)' }),
  );

const phone = z
  .string()
  .max(80)
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^[0-9+\-() ]{0,20}$/, { error: 'digits, +, -, spaces and brackets, at most 20' }))
  .transform((s) => (s === '' ? null : s))
  .nullable();

const logoUrl = optionalText(500);

export const corporation = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  creditCode: z.string().nullable(),
  legalRepresentative: z.string().nullable(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Corporation = z.infer<typeof corporation>;
export const corporationPage = pageOf(corporation);

export const corporationListQuery = pageQuery.extend({ name: z.string().max(120).optional() });
export type CorporationListQuery = z.infer<typeof corporationListQuery>;

const legalFields = {
  name: unitName,
  creditCode,
  legalRepresentative: optionalText(60).optional(),
  address: optionalText(200).optional(),
  contactName: optionalText(60).optional(),
  contactPhone: phone.optional(),
  logoUrl: logoUrl.optional(),
};

export const corporationCreateBody = z.strictObject({ parentId: bodyId, ...legalFields });
export type CorporationCreateBody = z.infer<typeof corporationCreateBody>;

const corporationUpdateFields = z.strictObject({ id: bodyId, objectVersionNumber, ...legalFields });
export const corporationUpdateBody = updateBodyOf(corporationUpdateFields, corporation);
export type CorporationUpdateBody = z.infer<typeof corporationUpdateBody>;

export const corporationIdParam = z.object({
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647),
  id: queryId,
});

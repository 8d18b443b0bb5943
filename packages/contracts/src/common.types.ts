import { z } from 'zod';

// Spring-Data style paging: page is 0-based, size=0 asks for everything.
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(0).max(1000).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });
export type Page<T> = {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
};

export const errorBody = z.object({
  failed: z.literal(true),
  code: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const tenantParam = z.object({ tenantId: z.coerce.number().int().min(0).max(2_147_483_647) });
export const tenantIdParam = tenantParam.extend({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const okResult = z.object({ success: z.boolean() });

/** Trimmed text that may not be blank (spec §5: no blank-only input). */
export const nonBlank = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(max));

export const objectVersionNumber = z.number().int().min(1);
export const flag01 = z.union([z.literal(0), z.literal(1)]);

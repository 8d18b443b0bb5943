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

/** A row id in a path or query string (text, coerced to a positive safe integer). */
export const queryId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A row id inside a JSON body (a number already; no coercion). */
export const bodyId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The one message for text over its limit. */
export const tooLong = (max: number) => ({ error: `text too long (at most ${max} characters)` });

/**
 * Trimmed text of at most `max` characters ('' allowed). The raw string is capped at 4×max first so a huge
 * payload is refused before it is trimmed.
 */
export const trimmedText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, tooLong(max)));

/** Trimmed, not blank (spec §5), at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: 'required, may not be blank' }).max(max, tooLong(max)));

/** Trimmed, at most `max` characters; '' becomes null. null itself is refused (see `optionalText`). */
export const blankAsNullText = (max: number) => trimmedText(max).transform((s) => (s === '' ? null : s));

/** Trimmed, at most `max` characters; '' or null means none (null). */
export const optionalText = (max: number) => blankAsNullText(max).nullable();

/** An optional query parameter whose empty value ('readFlag=', the console's 'all') means not given. */
export const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => (v === '' ? undefined : (v as z.output<T> | undefined)));

export const objectVersionNumber = z.number().int().min(1);
export const flag01 = z.union([z.literal(0), z.literal(1)]);

/** Keys an entity's GET answers that its PUT does not write: accepted with any value, then dropped. */
type ReadOnlyKeys<W extends z.ZodObject, R extends z.ZodObject> = {
  [K in Exclude<keyof z.input<R>, keyof z.input<W>>]?: unknown;
};

/** A PUT body that accepts what the entity's GET returns (spec: ARCHITECTURE §3, docs/api.md). */
export type UpdateBodyOf<W extends z.ZodObject, R extends z.ZodObject> = z.ZodType<
  z.output<W>,
  z.input<W> & ReadOnlyKeys<W, R>
>;

/**
 * The body of a PUT from its writable fields (`write`, a strict object) and the entity's read schema: every
 * key the GET answers and `write` lacks (creation stamps, computed sizes, display names, fields fixed at
 * creation) is accepted whatever its value and removed before the service sees it, so a client may send
 * back the object it just read. Any other key is still refused by name. `write`'s refinements still run.
 */
export const updateBodyOf = <W extends z.ZodObject, R extends z.ZodObject>(
  write: W,
  read: R,
): UpdateBodyOf<W, R> => {
  const readOnly = Object.keys(read.shape).filter((k) => !(k in write.shape));
  const ignored = z
    .unknown()
    .optional()
    .meta({ readOnly: true, description: 'Read-only: accepted as the GET answers it, and ignored' });
  const shape = Object.fromEntries(readOnly.map((k) => [k, ignored]));
  return write.safeExtend(shape).transform((body) => {
    const out: Record<string, unknown> = { ...body };
    for (const k of readOnly) delete out[k];
    return out as z.output<W>;
  }) as unknown as UpdateBodyOf<W, R>;
};

import { z } from 'zod';
import type { RouteRecord } from '../platform/http/app.js';

/** Routes the platform registers for itself (documentation, console files), declared public by scope. */
export const isOwnApiRoute = (r: RouteRecord): boolean =>
  r.method !== 'HEAD' &&
  r.method !== 'OPTIONS' &&
  !r.url.startsWith('/api-docs') &&
  r.url !== '/' &&
  r.url !== '/*';

/** The fields of a zod object schema (looking through optional / nullable wrappers), or none. */
export const fieldsOf = (schema: unknown): Record<string, z.ZodType> => {
  let s = schema;
  for (let i = 0; i < 5 && s instanceof z.ZodType; i++) {
    if (s instanceof z.ZodObject) return s.shape as Record<string, z.ZodType>;
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else if (s instanceof z.ZodPipe) s = s.in;
    else break;
  }
  return {};
};

/** Fills path parameters: the tenant, then each other parameter from `values` (default 1). */
export const fillPath = (
  url: string,
  tenantId: number,
  values: Record<string, string | number> = {},
): string =>
  url.replace(/:(\w+)/g, (_m, name: string) =>
    name === 'tenantId' ? String(tenantId) : String(values[name] ?? values.id ?? 1),
  );

export const hasBody = (method: string): boolean => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

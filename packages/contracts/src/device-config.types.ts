import { z } from 'zod';

// Type-specific device settings (devices.config) and their limits, spec 02 §5 and §9. Filled in by the
// device families work; the registry service validates every create / update through deviceConfigSchema.

/** The schema of a type's config; types without settings accept an empty object only. */
export function deviceConfigSchema(_typeKey: string): z.ZodType<Record<string, unknown>> {
  return z.strictObject({});
}

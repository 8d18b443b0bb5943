// Imported for its effect, first thing in the console's entry: zod builds object parsers with
// `new Function` (and probes for it as each object schema is created) unless told not to. The console's
// Content-Security-Policy forbids eval, so the browser's schemas parse without it. This is zod's
// `z.config({ jitless: true })` written to the global zod keeps its settings in, so the sign-in bundle does
// not carry zod for it; the browser stories fail on any eval if a zod upgrade moves the setting.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig ??= {};
g.__zod_globalConfig.jitless = true;

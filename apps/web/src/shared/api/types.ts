// The web console uses the contracts' zod schemas as types only (so zod stays out of the bundle):
// `Infer<typeof selfResponse>` is what `z.infer` would give.
export type Infer<S extends { _zod: { output: unknown } }> = S['_zod']['output'];

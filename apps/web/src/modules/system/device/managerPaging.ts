/**
 * Spec 02 §2: after a delete empties the current page, the view falls back to the previous page.
 * `page` is zero-based; `removed` of the `shown` rows were deleted.
 */
export const pageAfterDelete = (page: number, shown: number, removed: number): number =>
  page > 0 && removed >= shown ? page - 1 : page;

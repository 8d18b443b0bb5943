// Column arithmetic of the filter bar (spec 01 §9): 5 columns by default, at most 6, at least 1, each
// about 304 px wide. Collapsed, the bar shows one row whose last cell holds the buttons.

export const FILTER_COLUMN_WIDTH = 304;
export const FILTER_DEFAULT_COLUMNS = 5;
export const FILTER_MAX_COLUMNS = 6;
export const FILTER_MIN_COLUMNS = 1;

/** Columns that fit a bar `width` px wide; the default while the width is unknown (0). */
export const filterColumns = (width: number, columnWidth = FILTER_COLUMN_WIDTH): number => {
  if (!(width > 0)) return FILTER_DEFAULT_COLUMNS;
  return Math.min(FILTER_MAX_COLUMNS, Math.max(FILTER_MIN_COLUMNS, Math.floor(width / columnWidth)));
};

/** How many fields show: all when expanded, otherwise those that fit beside the buttons in one row. */
export const visibleFields = (fieldCount: number, columns: number, expanded: boolean): number =>
  expanded ? fieldCount : Math.min(fieldCount, Math.max(1, columns - 1));

/** Whether the expand/collapse toggle is needed at all. */
export const needsToggle = (fieldCount: number, columns: number): boolean =>
  fieldCount > Math.max(1, columns - 1);

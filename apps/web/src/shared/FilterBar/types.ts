import type { ReactNode } from 'react';

export interface FilterOption {
  label: ReactNode;
  value: string | number;
}

interface FieldBase {
  name: string;
  label: ReactNode;
  placeholder?: string;
}

export type FilterField =
  | (FieldBase & { type: 'text' })
  | (FieldBase & { type: 'select'; options: FilterOption[]; multiple?: boolean; showSearch?: boolean })
  | (FieldBase & { type: 'radio' | 'radioButton'; options: FilterOption[] })
  | (FieldBase & { type: 'date'; format?: string })
  /** Sent as `names` [start, end] when given, otherwise as a [start, end] pair under `name`. */
  | (FieldBase & { type: 'dateRange'; format?: string; names?: [string, string] })
  /**
   * A read-only input whose value is picked in a modal; `picker` renders the modal's content and calls
   * `pick(value, label)`.
   */
  | (FieldBase & {
      type: 'inputSelect';
      modalTitle?: ReactNode;
      modalWidth?: number;
      picker: (pick: (value: string | number, label: string) => void) => ReactNode;
    });

export type FilterValue = string | number | (string | number)[] | [string, string] | undefined;
export type FilterValues = Record<string, FilterValue>;

import type { Dayjs } from 'dayjs';
import { fromInstant } from '../../../../shared/format/time';

/** Form.Item props that keep a 'YYYY-MM-DD' string in the form while the DatePicker shows a Dayjs. */
export const dayField = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? fromInstant(v) : null }),
  normalize: (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null),
};

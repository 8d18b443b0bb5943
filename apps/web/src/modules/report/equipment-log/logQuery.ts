import type { Query } from '../../../shared/api/client';
import type { FilterField } from '../../../shared/FilterBar/FilterBar';

/** Spec 02 §5: a date range goes out as 'YYYY-MM-DD 00:00:00' … 'YYYY-MM-DD 23:59:59'. */
export const withDayBounds = (q: Query): Query => {
  const out: Query = { ...q };
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (typeof out.startTime === 'string' && day.test(out.startTime))
    out.startTime = `${out.startTime} 00:00:00`;
  if (typeof out.endTime === 'string' && day.test(out.endTime)) out.endTime = `${out.endTime} 23:59:59`;
  return out;
};

/** An empty select reads '全部' / 'All': no choice means no filter. */
export const withAllPlaceholder = (fields: FilterField[], t: (key: string) => string): FilterField[] =>
  fields.map((f) =>
    f.type === 'select' && !f.placeholder ? { ...f, placeholder: t('control:log.all') } : f,
  );

// How a document number is put together from its rule (inventory/base/bill); pure, shared by the preview.

export interface BillRuleShape {
  prefix: string;
  separator: string;
  /** 'yyyyMMdd' | 'yyyyMM' | 'yyyy' | '' */
  datePattern: string;
  serialLength: number;
}

/** The period a document date ('yyyy-MM-dd') falls in under a pattern: the serial restarts with each. */
export const periodOf = (datePattern: string, docDate: string): string => {
  const [y = '', m = '', d = ''] = docDate.split('-');
  if (datePattern === 'yyyyMMdd') return `${y}${m}${d}`;
  if (datePattern === 'yyyyMM') return `${y}${m}`;
  if (datePattern === 'yyyy') return y;
  return '';
};

/** 'CG' + '-' + '202611' + '-' + '0001'; a serial longer than its length is kept whole. */
export const formatNumber = (rule: BillRuleShape, period: string, serial: number): string =>
  [rule.prefix, period, String(serial).padStart(rule.serialLength, '0')]
    .filter((p) => p !== '')
    .join(rule.separator);

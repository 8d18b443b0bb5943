import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/number';

// Money and quantities formatted for the interface language; amounts are computed in whole cents so a
// line total matches what the server stores (quantity 3 decimals × price 2 decimals, half up).

// Through the console's one number formatter (cached formats, NO_DATA for none).
export const formatMoney = (lang: string, n: number | null | undefined): string =>
  formatNumber(n, lang, 2, 2);

export const formatQuantity = (lang: string, n: number | null | undefined): string =>
  formatNumber(n, lang, 3);

/** quantity × unitPrice rounded half up to cents; null when either is missing. */
export const lineAmount = (
  qty: number | null | undefined,
  price: number | null | undefined,
): number | null => {
  if (qty === null || qty === undefined || price === null || price === undefined) return null;
  const milli = Math.round(qty * 1000);
  const cents = Math.round(price * 100);
  const scaled = milli * cents; // units of 0.00001
  return (Math.sign(scaled) * Math.floor((Math.abs(scaled) + 500) / 1000)) / 100;
};

/** Sum of the line amounts in cents (lines without a price count as 0). */
export const totalAmount = (amounts: readonly (number | null)[]): number =>
  amounts.reduce<number>((sum, a) => sum + Math.round((a ?? 0) * 100), 0) / 100;

export const useAgriFormat = () => {
  const { i18n } = useTranslation();
  const lang = i18n.language || 'zh-CN';
  return {
    money: (n: number | null | undefined) => formatMoney(lang, n),
    quantity: (n: number | null | undefined) => formatQuantity(lang, n),
  };
};

/** Options of a line's input select: every input, minus those chosen on other lines (spec 03 §5). */
export const selectableInputs = <T extends { inputId: number }>(
  inputs: readonly T[],
  chosen: readonly (number | undefined)[],
  own: number | undefined,
): T[] => {
  const taken = new Set(chosen.filter((id): id is number => id !== undefined && id !== own));
  return inputs.filter((i) => !taken.has(i.inputId));
};

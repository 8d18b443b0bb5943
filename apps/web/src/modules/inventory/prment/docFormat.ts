import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { invDocApi, invDocKeys } from './api/invDoc.api';

// Numbers of the document pages in the reader's language: money at 2 decimals, quantities at the
// tenant's option (config/option quantityDecimals, 2 until it answers).

export const DEFAULT_QTY_DECIMALS = 2;

export const useDocFormat = () => {
  const { i18n } = useTranslation();
  const { tenantId } = useShell();
  const option = useQuery({
    queryKey: invDocKeys.option(tenantId),
    queryFn: () => invDocApi.option(tenantId),
    staleTime: 5 * 60_000,
  });
  const lang = i18n.language || 'zh-CN';
  const decimals = option.data?.quantityDecimals ?? DEFAULT_QTY_DECIMALS;
  return {
    decimals,
    money: (n: number | null | undefined) => formatNumber(n, lang, 2, 2),
    quantity: (n: number | null | undefined) => formatNumber(n, lang, decimals),
  };
};

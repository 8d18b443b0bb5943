import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../../shell/ShellContext';
import { type InvSku, invDocApi, invDocKeys } from '../api/invDoc.api';
import { useDocFormat } from '../docFormat';

export interface SkuSelectProps {
  value?: number;
  onChange?: (skuId: number) => void;
  /** Called with the picked SKU's details (units, tracking, prices, available stock). */
  onPick: (sku: InvSku) => void;
  /** What is shown for the current value before any search (the line's product). */
  currentLabel?: string;
  /** Adds each SKU's available stock there. */
  warehouseId?: number;
  disabled?: boolean;
  ariaLabel?: string;
}

/** The label of a SKU in pickers: product, SKU name, specification. */
export const skuLabel = (s: Pick<InvSku, 'productName' | 'skuName' | 'specification'>): string =>
  [s.productName, s.skuName, s.specification].filter((v) => !!v).join(' · ');

/** Searches enabled SKUs by name / code / alias (GET /product/sku), showing available stock in the warehouse. */
export function SkuSelect({
  value,
  onChange,
  onPick,
  currentLabel,
  warehouseId,
  disabled,
  ariaLabel,
}: SkuSelectProps) {
  const { t } = useTranslation('invDoc');
  const { tenantId } = useShell();
  const fmt = useDocFormat();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const skus = useQuery({
    queryKey: invDocKeys.skus(tenantId, keyword, warehouseId),
    queryFn: () => invDocApi.skus(tenantId, keyword, warehouseId),
    enabled: open,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const rows = skus.data ?? [];
  const options = rows.map((s) => ({
    value: s.skuId,
    label: skuLabel(s),
    available: s.available,
    unit: s.stockUnit.name,
  }));
  if (value !== undefined && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: currentLabel ?? `#${value}`, available: undefined, unit: '' });
  }
  return (
    <Select<number>
      value={value}
      disabled={disabled}
      aria-label={ariaLabel ?? t('invDoc:line.sku')}
      placeholder={t('invDoc:line.pickSku')}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onOpenChange={setOpen}
      loading={skus.isFetching}
      notFoundContent={t('invDoc:line.noSku')}
      popupMatchSelectWidth={420}
      options={options}
      optionRender={(o) => (
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span>{o.data.label}</span>
          {o.data.available !== undefined ? (
            <span style={{ color: 'var(--ant-color-text-secondary)' }}>
              {t('invDoc:line.availableShort', { qty: fmt.quantity(o.data.available), unit: o.data.unit })}
            </span>
          ) : null}
        </div>
      )}
      onChange={(id) => {
        onChange?.(id);
        const sku = rows.find((s) => s.skuId === id);
        if (sku) onPick(sku);
      }}
      style={{ width: '100%' }}
    />
  );
}

import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { WarehouseOption } from '../api/product.api';
import type { LimitRow, SkuRow } from '../productModel';

interface SkuTableProps {
  rows: SkuRow[];
  onChange: (rows: SkuRow[]) => void;
  warehouses: WarehouseOption[];
}

const price = { min: 0, max: 99_999, precision: 2, step: 0.01, style: { width: 110 } } as const;
const level = { min: 0, max: 999_999_999, precision: 4, style: { width: 140 } } as const;

/** Min / max stock of one SKU per warehouse (inv_stock_limits), in the stock unit. */
function LimitTable({
  limits,
  onChange,
  warehouses,
}: {
  limits: LimitRow[];
  onChange: (l: LimitRow[]) => void;
  warehouses: WarehouseOption[];
}) {
  const { t } = useTranslation('invProduct');
  const set = (i: number, patch: Partial<LimitRow>) =>
    onChange(limits.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const free = warehouses.filter((w) => !limits.some((l) => l.warehouseId === w.id));
  const columns: ColumnsType<LimitRow> = [
    {
      title: t('limit.warehouse'),
      dataIndex: 'warehouseId',
      render: (id: number) => warehouses.find((w) => w.id === id)?.warehouseName ?? `#${id}`,
    },
    {
      title: t('limit.minQty'),
      dataIndex: 'minQty',
      render: (v: number | null, _, i) => (
        <InputNumber<number> {...level} value={v} onChange={(x) => set(i, { minQty: x ?? null })} />
      ),
    },
    {
      title: t('limit.maxQty'),
      dataIndex: 'maxQty',
      render: (v: number | null, l, i) => (
        <InputNumber<number>
          {...level}
          value={v}
          status={v !== null && l.minQty !== null && l.minQty > v ? 'error' : ''}
          onChange={(x) => set(i, { maxQty: x ?? null })}
        />
      ),
    },
    {
      key: 'remove',
      width: 80,
      render: (_, __, i) => (
        <Button type="link" size="small" onClick={() => onChange(limits.filter((_, j) => j !== i))}>
          {t('action.remove')}
        </Button>
      ),
    },
  ];
  return (
    <div className="tl-inv-product__limits">
      <Table<LimitRow>
        size="small"
        rowKey="warehouseId"
        pagination={false}
        columns={columns}
        dataSource={limits}
        locale={{ emptyText: t('limit.empty') }}
      />
      <Select
        style={{ width: 220, marginTop: 8 }}
        placeholder={t('limit.add')}
        value={null}
        disabled={free.length === 0}
        options={free.map((w) => ({ value: w.id, label: w.warehouseName }))}
        onChange={(id: number) => onChange([...limits, { warehouseId: id, minQty: null, maxQty: null }])}
      />
    </div>
  );
}

/** The SKUs of the chosen attribute values: code, barcode, price overrides, enabled, stock limits. */
export function SkuTable({ rows, onChange, warehouses }: SkuTableProps) {
  const { t } = useTranslation('invProduct');
  const set = (key: string, patch: Partial<SkuRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const columns: ColumnsType<SkuRow> = [
    {
      title: t('sku.name'),
      dataIndex: 'skuName',
      render: (v: string, r) => (
        <>
          {v || t('sku.only')}
          {r.hasStock ? <Tag style={{ marginLeft: 6 }}>{t('sku.hasStock')}</Tag> : null}
        </>
      ),
    },
    {
      title: t('sku.code'),
      dataIndex: 'skuCode',
      render: (v: string, r) => (
        <Input
          value={v}
          maxLength={40}
          placeholder={t('sku.codeAuto')}
          style={{ width: 170 }}
          onChange={(e) => set(r.key, { skuCode: e.target.value })}
        />
      ),
    },
    {
      title: t('sku.barcode'),
      dataIndex: 'barcode',
      render: (v: string, r) => (
        <Input
          value={v}
          maxLength={32}
          style={{ width: 150 }}
          onChange={(e) => set(r.key, { barcode: e.target.value })}
        />
      ),
    },
    ...(['retailPrice', 'memberPrice', 'costPrice'] as const).map((f) => ({
      title: t(`field.${f}`),
      dataIndex: f,
      render: (v: number | null, r: SkuRow) => (
        <InputNumber<number>
          {...price}
          value={v}
          placeholder={t('sku.priceInherit')}
          onChange={(x) => set(r.key, { [f]: x ?? null })}
        />
      ),
    })),
    {
      title: t('field.enabledFlag'),
      dataIndex: 'enabledFlag',
      width: 80,
      render: (v: number, r) => (
        <Switch
          size="small"
          checked={v === 1}
          aria-label={t('field.enabledFlag')}
          onChange={(on) => set(r.key, { enabledFlag: on ? 1 : 0 })}
        />
      ),
    },
  ];
  return (
    <Table<SkuRow>
      size="small"
      rowKey="key"
      pagination={false}
      scroll={{ x: 1000 }}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: t('sku.empty') }}
      expandable={{
        expandedRowRender: (r) => (
          <LimitTable
            limits={r.limits}
            warehouses={warehouses}
            onChange={(limits) => set(r.key, { limits })}
          />
        ),
        rowExpandable: () => true,
        columnTitle: t('limit.title'),
      }}
    />
  );
}

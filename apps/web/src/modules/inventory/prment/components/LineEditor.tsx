import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { NO_DATA } from '../../../../shared/format/number';
import type { InvSku } from '../api/invDoc.api';
import { useDocFormat } from '../docFormat';
import {
  countDifference,
  hasDecimals,
  LINES_MAX,
  lineAmount,
  PRICE_MAX,
  QTY_MAX,
  totalAmount,
  totalQuantity,
} from '../docModel';
import { type LineValue, lineRules, type SkuInfo, stockHint, unitOptions } from './lineModel';
import { SkuSelect, skuLabel } from './SkuSelect';

export { type LineValue, lineRules, type SkuInfo, stockHint, unitOf, unitOptions } from './lineModel';

export interface LineEditorProps {
  form: FormInstance;
  /** SKUs by id (the page keeps them; a pick adds one). */
  skus: ReadonlyMap<number, SkuInfo>;
  onSku: (sku: InvSku) => void;
  warehouseId?: number;
  /** 'stocktake': book, counted and difference instead of price and amount. */
  variant: 'priced' | 'stocktake';
  /** Converted lines keep their SKU and unit, may only shrink, and no line is added. */
  converted?: boolean;
  /** Price a new pick takes: purchase (cost) or sale (retail). */
  priceFrom?: 'cost' | 'retail';
}

/**
 * The lines of a document: SKU (product, spec, available stock), unit among the product's units, quantity
 * (its stock-unit equivalent shown), unit price and amount, lot and expiry where the product tracks them;
 * the same SKU and lot never twice. Field name 'lines' of the surrounding form.
 */
export function LineEditor({
  form,
  skus,
  onSku,
  warehouseId,
  variant,
  converted = false,
  priceFrom = 'cost',
}: LineEditorProps) {
  const { t } = useTranslation(['invDoc', 'common']);
  const fmt = useDocFormat();
  // useWatch answers after the first paint; the store already holds the initial lines.
  const watched = Form.useWatch('lines', form) as LineValue[] | undefined;
  const lines = watched ?? (form.getFieldValue('lines') as LineValue[] | undefined) ?? [];
  const amounts = lines.map((l) => lineAmount(l?.quantity, l?.unitPrice));
  const skuOf = (i: number) => skus.get(lines[i]?.skuId ?? 0);
  const anyLot = lines.some((_, i) => skuOf(i)?.tracksLot);
  const anyExpiry = lines.some((_, i) => skuOf(i)?.tracksExpiry);
  const stocktake = variant === 'stocktake';

  const pick = (index: number, sku: InvSku) => {
    onSku(sku);
    // A new pick starts in the stock unit at the catalogue price, unless a price was typed already.
    form.setFieldValue(['lines', index, 'unitId'], sku.stockUnit.id);
    const price = priceFrom === 'retail' ? sku.retailPrice : sku.costPrice;
    const line = lines[index];
    if (!stocktake && (line?.unitPrice === null || line?.unitPrice === undefined)) {
      form.setFieldValue(['lines', index, 'unitPrice'], price ?? null);
    }
    if (stocktake) form.setFieldValue(['lines', index, 'bookQty'], null);
  };

  // A line's SKU / lot is checked again when another line's changes (a duplicate may appear or go).
  const siblings = (i: number) =>
    lines.flatMap((_, j) =>
      j === i
        ? []
        : [
            ['lines', j, 'skuId'],
            ['lines', j, 'lotNo'],
          ],
    );
  const { duplicateRule, qtyRule } = lineRules(
    () => (form.getFieldValue('lines') as LineValue[] | undefined) ?? [],
    variant,
    t,
    fmt.quantity,
  );

  const columns = [
    {
      title: t('invDoc:line.no'),
      key: 'no',
      width: 50,
      render: (_: unknown, __: unknown, i: number) => i + 1,
    },
    {
      title: t('invDoc:line.sku'),
      key: 'sku',
      width: 280,
      render: (_: unknown, f: { name: number }) => {
        const sku = skuOf(f.name);
        return (
          <Form.Item
            name={[f.name, 'skuId']}
            style={{ margin: 0 }}
            rules={[{ required: true, message: t('invDoc:rule.sku') }, duplicateRule(f.name)]}
            dependencies={siblings(f.name)}
          >
            <SkuSelect
              warehouseId={warehouseId}
              disabled={converted}
              currentLabel={sku ? skuLabel(sku) : undefined}
              onPick={(s) => pick(f.name, s)}
            />
          </Form.Item>
        );
      },
    },
    ...(warehouseId !== undefined && !stocktake
      ? [
          {
            title: t('invDoc:line.available'),
            key: 'available',
            width: 110,
            align: 'right' as const,
            render: (_: unknown, f: { name: number }) => {
              const sku = skuOf(f.name);
              return sku?.available !== undefined
                ? `${fmt.quantity(sku.available)} ${sku.stockUnit.name}`
                : NO_DATA;
            },
          },
        ]
      : []),
    {
      title: t('invDoc:line.unit'),
      key: 'unit',
      width: 110,
      render: (_: unknown, f: { name: number }) => (
        <Form.Item
          name={[f.name, 'unitId']}
          style={{ margin: 0 }}
          rules={[{ required: true, message: t('invDoc:rule.unit') }]}
        >
          <Select<number>
            aria-label={t('invDoc:line.unit')}
            disabled={converted || !skuOf(f.name)}
            options={unitOptions(skuOf(f.name))}
          />
        </Form.Item>
      ),
    },
    ...(stocktake
      ? [
          {
            title: t('invDoc:line.book'),
            key: 'book',
            width: 110,
            align: 'right' as const,
            render: (_: unknown, f: { name: number }) => fmt.quantity(lines[f.name]?.bookQty),
          },
        ]
      : []),
    {
      title: t(stocktake ? 'invDoc:line.counted' : 'invDoc:line.quantity'),
      key: 'quantity',
      width: 170,
      render: (_: unknown, f: { name: number }) => {
        const l = lines[f.name];
        const hint = stockHint(skuOf(f.name), l?.unitId, l?.quantity, fmt.quantity);
        return (
          <>
            <Form.Item name={[f.name, 'quantity']} style={{ margin: 0 }} rules={[qtyRule(f.name)]}>
              <InputNumber<number>
                min={0}
                max={l?.maxQty ?? QTY_MAX}
                style={{ width: '100%' }}
                aria-label={t(stocktake ? 'invDoc:line.counted' : 'invDoc:line.quantity')}
              />
            </Form.Item>
            {l?.maxQty !== null && l?.maxQty !== undefined ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('invDoc:line.maxHint', { max: fmt.quantity(l.maxQty) })}
              </Typography.Text>
            ) : null}
            {hint ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                {hint}
              </Typography.Text>
            ) : null}
          </>
        );
      },
    },
    ...(stocktake
      ? [
          {
            title: t('invDoc:line.difference'),
            key: 'difference',
            width: 110,
            align: 'right' as const,
            render: (_: unknown, f: { name: number }) => {
              const diff = countDifference(lines[f.name]?.quantity, lines[f.name]?.bookQty);
              if (diff === null) return NO_DATA;
              const type = diff > 0 ? 'success' : diff < 0 ? 'danger' : undefined;
              return (
                <Typography.Text type={type} strong={diff !== 0} data-testid="difference">
                  {diff > 0 ? '+' : ''}
                  {fmt.quantity(diff)}
                </Typography.Text>
              );
            },
          },
        ]
      : [
          {
            title: t('invDoc:line.unitPrice'),
            key: 'unitPrice',
            width: 140,
            render: (_: unknown, f: { name: number }) => (
              <Form.Item
                name={[f.name, 'unitPrice']}
                style={{ margin: 0 }}
                rules={[
                  {
                    validator: async (_r: unknown, v: number | null | undefined) => {
                      if (v === null || v === undefined) return;
                      if (v < 0 || v > PRICE_MAX || !hasDecimals(v, 2))
                        throw new Error(t('invDoc:rule.price'));
                    },
                  },
                ]}
              >
                <InputNumber<number>
                  min={0}
                  max={PRICE_MAX}
                  precision={2}
                  style={{ width: '100%' }}
                  aria-label={t('invDoc:line.unitPrice')}
                />
              </Form.Item>
            ),
          },
          {
            title: t('invDoc:line.amount'),
            key: 'amount',
            width: 120,
            align: 'right' as const,
            render: (_: unknown, f: { name: number }) => (
              <span data-testid="amount">{fmt.money(amounts[f.name])}</span>
            ),
          },
        ]),
    ...(anyLot
      ? [
          {
            title: t('invDoc:line.lot'),
            key: 'lot',
            width: 140,
            render: (_: unknown, f: { name: number }) =>
              skuOf(f.name)?.tracksLot ? (
                <Form.Item
                  name={[f.name, 'lotNo']}
                  style={{ margin: 0 }}
                  rules={[
                    { required: true, whitespace: true, message: t('invDoc:rule.lot') },
                    duplicateRule(f.name),
                  ]}
                  dependencies={siblings(f.name)}
                >
                  <Input maxLength={40} disabled={converted} aria-label={t('invDoc:line.lot')} />
                </Form.Item>
              ) : (
                NO_DATA
              ),
          },
        ]
      : []),
    ...(anyExpiry
      ? [
          {
            title: t('invDoc:line.expiry'),
            key: 'expiry',
            width: 150,
            render: (_: unknown, f: { name: number }) =>
              skuOf(f.name)?.tracksExpiry ? (
                <Form.Item
                  name={[f.name, 'expiryDate']}
                  style={{ margin: 0 }}
                  rules={[{ required: true, message: t('invDoc:rule.expiry') }]}
                >
                  <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
                </Form.Item>
              ) : (
                NO_DATA
              ),
          },
        ]
      : []),
  ];

  return (
    <Form.List
      name="lines"
      rules={[
        {
          validator: async (_, value: LineValue[] | undefined) => {
            if (!value || value.length === 0) throw new Error(t('invDoc:rule.lines'));
            if (value.length > LINES_MAX) throw new Error(t('invDoc:rule.linesMax', { max: LINES_MAX }));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            scroll={{ x: 1100 }}
            locale={{
              emptyText: <EmptyState variant="noData" size="small" title={t('invDoc:line.empty')} />,
            }}
            columns={[
              ...columns,
              {
                title: t('common:action.operation'),
                key: 'remove',
                width: 70,
                render: (_: unknown, f: { name: number }) => (
                  <Button
                    type="link"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('invDoc:line.remove')}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
            summary={() =>
              stocktake ? null : (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={2} align="right">
                    <Typography.Text strong>{t('invDoc:line.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} colSpan={columns.length - 2} align="right">
                    <Typography.Text strong data-testid="total">
                      {t('invDoc:line.totals', {
                        quantity: fmt.quantity(totalQuantity(lines.map((l) => l?.quantity))),
                        amount: fmt.money(totalAmount(amounts)),
                      })}
                    </Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} />
                </Table.Summary.Row>
              )
            }
          />
          {converted ? null : (
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              disabled={fields.length >= LINES_MAX}
              onClick={() => add({ quantity: null, unitPrice: null, lotNo: '' })}
            >
              {t('invDoc:line.add')}
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../../shared/format/number';
import { lineAmount, selectableInputs, totalAmount, useAgriFormat } from '../agriFormat';
import { AGRI_LINES_MAX, AGRI_PRICE_MAX, AGRI_QUANTITY_MAX, type AgriInput } from '../api/agricultural.api';

export interface LineValue {
  inputId?: number;
  quantity?: number | null;
  unitPrice?: number | null;
}

interface LinesTableProps {
  form: FormInstance;
  /** Every input of the catalogue. */
  inputs: readonly AgriInput[];
  /** Inputs the document already held: still selectable when disabled since. */
  kept: ReadonlySet<number>;
}

const decimals = (v: number, n: number) => Math.abs(Math.round(v * 10 ** n) - v * 10 ** n) < 1e-6;

/**
 * The editable lines of a receipt or issue: input (each at most once), quantity, unit price, amount, and
 * the total under the table. Field name 'lines' of the surrounding form.
 */
export function LinesTable({ form, inputs, kept }: LinesTableProps) {
  const { t } = useTranslation(['agricultural', 'common']);
  const fmt = useAgriFormat();
  const lines = (Form.useWatch('lines', form) as LineValue[] | undefined) ?? [];
  const byId = new Map(inputs.map((i) => [i.inputId, i]));
  const usable = inputs.filter((i) => i.enabledFlag === 1 || kept.has(i.inputId));
  const chosen = lines.map((l) => l?.inputId);
  const amounts = lines.map((l) => lineAmount(l?.quantity, l?.unitPrice));

  const pick = (index: number, inputId: number) => {
    // A new choice takes the catalogue price unless a price was typed already.
    const line = lines[index];
    const price = byId.get(inputId)?.price ?? null;
    if (line && (line.unitPrice === null || line.unitPrice === undefined)) {
      form.setFieldValue(['lines', index, 'unitPrice'], price);
    }
  };

  return (
    <Form.List
      name="lines"
      rules={[
        {
          validator: async (_, value: LineValue[] | undefined) => {
            if (!value || value.length === 0) throw new Error(t('agricultural:doc.rule.lines'));
            if (value.length > AGRI_LINES_MAX) throw new Error(t('agricultural:doc.rule.linesMax'));
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
            scroll={{ x: 860 }}
            locale={{
              emptyText: <EmptyState variant="noData" size="small" title={t('agricultural:line.empty')} />,
            }}
            columns={[
              { title: t('agricultural:line.no'), key: 'no', width: 60, render: (_, __, i) => i + 1 },
              {
                title: t('agricultural:line.input'),
                key: 'input',
                width: 280,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'inputId']}
                    rules={[{ required: true, message: t('agricultural:line.rule.input') }]}
                    style={{ margin: 0 }}
                  >
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder={t('agricultural:line.rule.input')}
                      onChange={(v: number) => pick(f.name, v)}
                      options={selectableInputs(usable, chosen, lines[f.name]?.inputId).map((i) => ({
                        value: i.inputId,
                        label: `${i.inputName}${i.specification ? ` (${i.specification})` : ''}`,
                      }))}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('agricultural:line.unit'),
                key: 'unit',
                width: 70,
                render: (_, f) => byId.get(lines[f.name]?.inputId ?? 0)?.unit ?? NO_DATA,
              },
              {
                title: t('agricultural:line.quantity'),
                key: 'quantity',
                width: 160,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'quantity']}
                    style={{ margin: 0 }}
                    rules={[
                      {
                        validator: async (_r, v: number | null | undefined) => {
                          if (
                            v === null ||
                            v === undefined ||
                            v <= 0 ||
                            v > AGRI_QUANTITY_MAX ||
                            !decimals(v, 3)
                          ) {
                            throw new Error(t('agricultural:line.rule.quantity'));
                          }
                        },
                      },
                    ]}
                  >
                    <InputNumber<number>
                      min={0.001}
                      max={AGRI_QUANTITY_MAX}
                      precision={3}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('agricultural:line.unitPrice'),
                key: 'unitPrice',
                width: 150,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'unitPrice']}
                    style={{ margin: 0 }}
                    rules={[
                      {
                        validator: async (_r, v: number | null | undefined) => {
                          if (v === null || v === undefined) return;
                          if (v < 0 || v > AGRI_PRICE_MAX || !decimals(v, 2)) {
                            throw new Error(t('agricultural:line.rule.price'));
                          }
                        },
                      },
                    ]}
                  >
                    <InputNumber<number>
                      min={0}
                      max={AGRI_PRICE_MAX}
                      precision={2}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('agricultural:line.amount'),
                key: 'amount',
                width: 130,
                align: 'right',
                render: (_, f) => fmt.money(amounts[f.name]),
              },
              {
                title: t('common:action.operation'),
                key: 'remove',
                width: 80,
                render: (_, f) => (
                  <Button
                    type="link"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('agricultural:line.remove')}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5} align="right">
                  <Typography.Text strong>{t('agricultural:line.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{fmt.money(totalAmount(amounts))}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
              </Table.Summary.Row>
            )}
          />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            disabled={fields.length >= AGRI_LINES_MAX || usable.length <= fields.length}
            onClick={() => add({ quantity: null, unitPrice: null })}
          >
            {t('agricultural:line.add')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

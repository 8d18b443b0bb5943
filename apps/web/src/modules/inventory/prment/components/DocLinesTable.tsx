import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { NO_DATA } from '../../../../shared/format/number';
import { formatDate } from '../../../../shared/format/time';
import type { InvDoc, InvDocLine } from '../api/invDoc.api';
import { useDocFormat } from '../docFormat';
import { countDifference } from '../docModel';

/** A document's lines read-only: quantities with converted / done / remaining, or a stocktake's counts. */
export function DocLinesTable({ doc }: { doc: InvDoc }) {
  const { t } = useTranslation(['invDoc', 'common']);
  const fmt = useDocFormat();
  const stocktake = doc.docType === 'stocktake';
  const lines = doc.lines ?? [];
  const anyLot = lines.some((l) => l.lotNo !== '');
  const anyExpiry = lines.some((l) => l.expiryDate !== null);
  const qty = (v: number | null) => fmt.quantity(v);

  const columns = [
    { title: t('invDoc:line.no'), dataIndex: 'lineNo', width: 50 },
    {
      title: t('invDoc:line.product'),
      key: 'product',
      render: (_: unknown, l: InvDocLine) => (
        <>
          {l.productName ?? NO_DATA}
          {l.productCode ? <Typography.Text type="secondary"> {l.productCode}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: t('invDoc:line.spec'),
      key: 'spec',
      render: (_: unknown, l: InvDocLine) =>
        [l.skuName, l.specification].filter((v) => !!v).join(' · ') || NO_DATA,
    },
    { title: t('invDoc:line.unit'), dataIndex: 'unitName', render: (v: string | null) => v ?? NO_DATA },
    ...(anyLot
      ? [{ title: t('invDoc:line.lot'), dataIndex: 'lotNo', render: (v: string) => v || NO_DATA }]
      : []),
    ...(anyExpiry
      ? [
          {
            title: t('invDoc:line.expiry'),
            dataIndex: 'expiryDate',
            render: (v: string | null) => (v ? formatDate(v) : NO_DATA),
          },
        ]
      : []),
    ...(stocktake
      ? [
          { title: t('invDoc:line.book'), dataIndex: 'bookQty', align: 'right' as const, render: qty },
          { title: t('invDoc:line.counted'), dataIndex: 'quantity', align: 'right' as const, render: qty },
          {
            title: t('invDoc:line.difference'),
            key: 'difference',
            align: 'right' as const,
            render: (_: unknown, l: InvDocLine) => {
              const diff = countDifference(l.quantity, l.bookQty);
              if (diff === null) return NO_DATA;
              return (
                <Typography.Text
                  type={diff > 0 ? 'success' : diff < 0 ? 'danger' : undefined}
                  strong={diff !== 0}
                >
                  {diff > 0 ? '+' : ''}
                  {fmt.quantity(diff)}
                </Typography.Text>
              );
            },
          },
        ]
      : [
          { title: t('invDoc:line.quantity'), dataIndex: 'quantity', align: 'right' as const, render: qty },
          {
            title: t('invDoc:line.unitPrice'),
            dataIndex: 'unitPrice',
            align: 'right' as const,
            render: (v: number | null) => fmt.money(v),
          },
          {
            title: t('invDoc:line.amount'),
            dataIndex: 'amount',
            align: 'right' as const,
            render: (v: number | null) => fmt.money(v),
          },
          {
            title: t('invDoc:line.converted'),
            dataIndex: 'convertedQty',
            align: 'right' as const,
            render: qty,
          },
          { title: t('invDoc:line.done'), dataIndex: 'doneQty', align: 'right' as const, render: qty },
          {
            title: t('invDoc:line.remaining'),
            dataIndex: 'remainingQty',
            align: 'right' as const,
            render: qty,
          },
        ]),
  ];

  return (
    <Table<InvDocLine>
      size="small"
      bordered
      pagination={false}
      rowKey="id"
      dataSource={lines}
      scroll={{ x: 1000 }}
      columns={columns}
      summary={() =>
        stocktake ? null : (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={columns.length} align="right">
              <Typography.Text strong>
                {t('invDoc:line.totals', {
                  quantity: fmt.quantity(doc.totalQuantity),
                  amount: fmt.money(doc.totalAmount),
                })}
              </Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )
      }
    />
  );
}

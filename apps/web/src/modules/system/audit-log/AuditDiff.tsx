import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { NO_DATA } from '../../../shared/format/number';
import { type DiffRow, diffFields, valueText } from './auditDiff';

const cell = (v: unknown) => valueText(v) || NO_DATA;

/** An entry's before/after, field by field; changed fields are highlighted (added green, removed red). */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('auditLog');
  const rows = diffFields(before, after);
  if (rows.length === 0) return <span className="tl-audit-diff-none">{t('diff.none')}</span>;
  const columns: ColumnsType<DiffRow> = [
    {
      title: t('diff.field'),
      dataIndex: 'field',
      width: 200,
      render: (f: string, r) => (
        <span data-changed={r.changed ? 'true' : 'false'} style={r.changed ? { fontWeight: 600 } : undefined}>
          {f || NO_DATA}
        </span>
      ),
    },
    {
      title: t('diff.before'),
      dataIndex: 'before',
      render: (v: unknown, r) => (
        <span style={r.changed ? { background: '#fff1f0', color: '#a8071a' } : undefined}>{cell(v)}</span>
      ),
    },
    {
      title: t('diff.after'),
      dataIndex: 'after',
      render: (v: unknown, r) => (
        <span style={r.changed ? { background: '#f6ffed', color: '#237804' } : undefined}>{cell(v)}</span>
      ),
    },
  ];
  return (
    <Table<DiffRow>
      size="small"
      rowKey="field"
      pagination={false}
      columns={columns}
      dataSource={rows}
      rowClassName={(r) => (r.changed ? 'tl-audit-diff-changed' : '')}
    />
  );
}

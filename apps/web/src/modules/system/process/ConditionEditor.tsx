import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BusinessType } from '@tilth/contracts';
import type { Condition, ConditionOp } from '@tilth/contracts/workflow.model';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import type { DesignerLookups, Option } from './useDesignerLookups';

// A branch's conditions (all must hold), built from the document type's fields: the operators offered
// suit the field's type, and a reference field picks its values from the matching list.

type Field = BusinessType['fields'][number];

export const OPS_BY_TYPE: Record<Field['type'], ConditionOp[]> = {
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
  ref: ['in', 'notIn', 'eq', 'ne'],
  text: ['eq', 'ne', 'in', 'notIn'],
};

const isList = (op: ConditionOp) => op === 'in' || op === 'notIn';

export function ConditionEditor(props: {
  value: Condition[];
  onChange(v: Condition[]): void;
  fields: Field[];
  lookups: DesignerLookups;
  disabled?: boolean;
}) {
  const { t } = useTranslation('process');
  const { value, onChange, fields, lookups, disabled } = props;
  const refOptions = (f: Field | undefined): Option[] | null => {
    if (f?.ref === 'area') return lookups.areas;
    if (f?.ref === 'unit') return lookups.units;
    return null;
  };
  const set = (i: number, c: Condition | null) =>
    onChange(c === null ? value.filter((_, j) => j !== i) : value.map((x, j) => (j === i ? c : x)));
  const first = fields[0];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((c, i) => {
        const f = fields.find((x) => x.key === c.field);
        const ops = OPS_BY_TYPE[f?.type ?? 'number'];
        const options = refOptions(f);
        const list = isList(c.op);
        const values = Array.isArray(c.value) ? c.value : [c.value];
        let input: React.ReactNode;
        if (options && list)
          input = (
            <Select
              mode="multiple"
              style={{ minWidth: 180 }}
              value={values as number[]}
              options={options}
              optionFilterProp="label"
              disabled={disabled}
              onChange={(v: number[]) => set(i, { ...c, value: v.length ? v : [0] })}
            />
          );
        else if (options)
          input = (
            <Select
              style={{ minWidth: 180 }}
              value={c.value as number}
              options={options}
              disabled={disabled}
              onChange={(v: number) => set(i, { ...c, value: v })}
            />
          );
        else if (list)
          input = (
            <Select
              mode="tags"
              style={{ minWidth: 180 }}
              value={values.map(String)}
              disabled={disabled}
              onChange={(v: string[]) => {
                const parsed = f?.type === 'text' ? v : v.map(Number).filter(Number.isFinite);
                set(i, { ...c, value: parsed.length ? parsed : [f?.type === 'text' ? '' : 0] });
              }}
            />
          );
        else if (f?.type === 'text')
          input = (
            <Input
              style={{ width: 180 }}
              value={String(c.value)}
              maxLength={200}
              disabled={disabled}
              onChange={(e) => set(i, { ...c, value: e.target.value })}
            />
          );
        else
          input = (
            <InputNumber
              style={{ width: 180 }}
              value={typeof c.value === 'number' ? c.value : 0}
              disabled={disabled}
              onChange={(v) => set(i, { ...c, value: v ?? 0 })}
            />
          );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their order is their identity
          <Space key={i} wrap>
            <Select
              style={{ width: 140 }}
              value={c.field}
              disabled={disabled}
              options={fields.map((x) => ({ value: x.key, label: x.name }))}
              onChange={(key: string) => {
                const nf = fields.find((x) => x.key === key);
                const op = OPS_BY_TYPE[nf?.type ?? 'number'][0] ?? 'eq';
                set(i, {
                  field: key,
                  op,
                  value: isList(op) ? [nf?.type === 'text' ? '' : 0] : nf?.type === 'text' ? '' : 0,
                });
              }}
            />
            <Select
              style={{ width: 110 }}
              value={c.op}
              disabled={disabled}
              options={ops.map((o) => ({ value: o, label: t(`process:op.${o}`) }))}
              onChange={(op: ConditionOp) => {
                const scalar = values[0] ?? 0;
                set(i, { ...c, op, value: isList(op) ? values : scalar });
              }}
            />
            {input}
            {disabled ? null : (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('process:action.removeCondition')}
                onClick={() => set(i, null)}
              />
            )}
          </Space>
        );
      })}
      {disabled || !first || value.length >= 10 ? null : (
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            onChange([
              ...value,
              first.type === 'number'
                ? { field: first.key, op: 'gte', value: 0 }
                : { field: first.key, op: 'in', value: [first.type === 'text' ? '' : 0] },
            ])
          }
        >
          {t('process:action.addCondition')}
        </Button>
      )}
    </Space>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ASSIGNEE_TYPES, type AssigneeRule } from '@tilth/contracts/workflow.model';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import type { DesignerLookups } from './useDesignerLookups';

// Who a step goes to: any mix of named users, roles, the head of the applicant's unit n levels up, and
// "the applicant chooses" (at most five rules, as the model allows).

const blank = (type: AssigneeRule['type']): AssigneeRule | null =>
  type === 'unitHead' ? { type, levels: 1 } : type === 'chosen' ? { type } : null;

export function AssigneeEditor(props: {
  value: AssigneeRule[];
  onChange(v: AssigneeRule[]): void;
  lookups: DesignerLookups;
  disabled?: boolean;
  /** Escalation targets: named users only. */
  usersOnly?: boolean;
}) {
  const { t } = useTranslation('process');
  const { value, onChange, lookups, disabled } = props;
  const set = (i: number, r: AssigneeRule | null) =>
    onChange(r === null ? value.filter((_, j) => j !== i) : value.map((x, j) => (j === i ? r : x)));
  const types = props.usersOnly ? (['user'] as const) : ASSIGNEE_TYPES;
  // A user or role rule needs its ids first: the picker holds it until one is chosen.
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their order is their identity
        <Space key={i} align="start" style={{ width: '100%' }}>
          <Select
            style={{ width: 150 }}
            value={r.type}
            disabled={disabled}
            options={types.map((k) => ({ value: k, label: t(`process:ruleType.${k}`) }))}
            onChange={(k: AssigneeRule['type']) =>
              set(
                i,
                blank(k) ?? (k === 'user' ? { type: 'user', userIds: [] } : { type: 'role', roleIds: [] }),
              )
            }
          />
          {r.type === 'user' ? (
            <Select
              mode="multiple"
              style={{ minWidth: 220 }}
              value={r.userIds}
              disabled={disabled}
              optionFilterProp="label"
              placeholder={t('process:placeholder.users')}
              options={lookups.users}
              onChange={(ids: number[]) => set(i, { type: 'user', userIds: ids })}
            />
          ) : null}
          {r.type === 'role' ? (
            <Select
              mode="multiple"
              style={{ minWidth: 220 }}
              value={r.roleIds}
              disabled={disabled}
              optionFilterProp="label"
              placeholder={t('process:placeholder.roles')}
              options={lookups.roles}
              onChange={(ids: number[]) => set(i, { type: 'role', roleIds: ids })}
            />
          ) : null}
          {r.type === 'unitHead' ? (
            <InputNumber
              min={1}
              max={10}
              precision={0}
              value={r.levels}
              disabled={disabled}
              addonAfter={t('process:field.levels')}
              onChange={(n) => set(i, { type: 'unitHead', levels: n ?? 1 })}
            />
          ) : null}
          {disabled ? null : (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('process:action.removeRule')}
              onClick={() => set(i, null)}
            />
          )}
        </Space>
      ))}
      {disabled || value.length >= 5 ? null : (
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange([...value, { type: 'user', userIds: [] } as unknown as AssigneeRule])}
        >
          {t('process:action.addRule')}
        </Button>
      )}
    </Space>
  );
}

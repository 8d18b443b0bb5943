import DownOutlined from '@ant-design/icons/DownOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import Button from 'antd/es/button';
import type { FormInstance } from 'antd/es/form';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../form/DatePicker';
import { PermissionGuard } from '../permission/PermissionGuard';
import { InputSelect } from './InputSelect';
import { filterColumns, needsToggle, visibleFields } from './layout';
import type { FilterField, FilterValues } from './types';
import { DEFAULT_DATE_FORMAT, toFilterValues } from './values';
import './FilterBar.css';

export type { FilterField, FilterOption, FilterValues } from './types';

export interface FilterBarProps {
  fields: readonly FilterField[];
  onSearch: (values: FilterValues) => void;
  /** Called after the fields are cleared; a search with no filters follows. */
  onReset?: () => void;
  initialValues?: Record<string, unknown>;
  /** The bar's form, when the page must set a field itself (dropping a scope from the empty list). */
  form?: FormInstance;
  /** Optional add button at the end, shown only to holders of `addCode` when one is given. */
  onAdd?: () => void;
  addText?: ReactNode;
  addCode?: string;
}

const renderControl = (field: FilterField, placeholder: string): ReactNode => {
  switch (field.type) {
    case 'text':
      return <Input allowClear placeholder={field.placeholder ?? placeholder} />;
    case 'select':
      return (
        <Select
          allowClear
          mode={field.multiple ? 'multiple' : undefined}
          showSearch={field.showSearch ? { optionFilterProp: 'label' } : undefined}
          placeholder={field.placeholder}
          options={field.options}
        />
      );
    case 'radio':
      return <Radio.Group options={field.options} />;
    case 'radioButton':
      return <Radio.Group options={field.options} optionType="button" buttonStyle="solid" />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} format={field.format ?? DEFAULT_DATE_FORMAT} />;
    case 'dateRange':
      return (
        <DatePicker.RangePicker style={{ width: '100%' }} format={field.format ?? DEFAULT_DATE_FORMAT} />
      );
    case 'inputSelect':
      return (
        <InputSelect
          placeholder={field.placeholder}
          modalTitle={field.modalTitle ?? field.label}
          modalWidth={field.modalWidth}
          picker={field.picker}
        />
      );
  }
};

/** The list pages' filter bar (spec 01 §2.11): responsive columns, expand/collapse, reset, search, add. */
export function FilterBar({
  fields,
  onSearch,
  onReset,
  initialValues,
  form: given,
  onAdd,
  addText,
  addCode,
}: FilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm(given);
  const ref = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(filterColumns(0));
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) =>
      setColumns(filterColumns(entry?.contentRect.width ?? 0)),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const shown = visibleFields(fields.length, columns, expanded);
  const submit = () => onSearch(toFilterValues(fields, form.getFieldsValue(true) as Record<string, unknown>));
  const reset = () => {
    form.resetFields();
    onReset?.();
    submit();
  };

  return (
    <div ref={ref} className="tl-filter">
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit}>
        <div
          className="tl-filter__grid"
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {fields.map((field, i) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              hidden={i >= shown}
              className="tl-filter__item"
            >
              {renderControl(field, t('common:filter.inputPlaceholder'))}
            </Form.Item>
          ))}
          {/* Always the last column: the end of the last row, or a row of its own when that one is full. */}
          <div className="tl-filter__buttons" style={{ gridColumn: '-2 / -1' }}>
            {needsToggle(fields.length, columns) ? (
              <Button type="link" onClick={() => setExpanded((e) => !e)}>
                {expanded ? t('common:filter.collapse') : t('common:filter.expand')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            ) : null}
            <Button icon={<ReloadOutlined />} onClick={reset}>
              {t('common:action.reset')}
            </Button>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('common:action.search')}
            </Button>
            {onAdd ? (
              <PermissionGuard codes={addCode ? [addCode] : []}>
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={onAdd}>
                  {addText ?? t('common:action.add')}
                </Button>
              </PermissionGuard>
            ) : null}
          </div>
        </div>
      </Form>
    </div>
  );
}

import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../../shared/format/number';
import { formatDateTime } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { useAgriFormat } from '../agriFormat';
import { AGRI_CATEGORIES, type AgriInput, agriApi, agriKeys } from '../api/agricultural.api';
import { AGRI_CODES, AGRI_PATHS } from '../paths';

/** The catalogue (farm/agricultural/agricultural-manage): filters, add, edit, enable/disable, delete. */
export function InputListPage() {
  const { t } = useTranslation(['agricultural', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const message = useMessage();
  const fmt = useAgriFormat();
  const key = useMemo(() => agriKeys.inputs(tenantId), [tenantId]);
  const list = usePagedList<AgriInput>(key, (q) => agriApi.inputPage(tenantId, q));

  const fields: FilterField[] = [
    { name: 'inputName', label: t('agricultural:input.field.name'), type: 'text' },
    { name: 'inputCode', label: t('agricultural:input.field.code'), type: 'text' },
    {
      name: 'category',
      label: t('agricultural:input.field.category'),
      type: 'select',
      options: AGRI_CATEGORIES.map((c) => ({ value: c, label: t(`agricultural:category.${c}`) })),
    },
    {
      name: 'enabledFlag',
      label: t('agricultural:input.field.enabled'),
      type: 'select',
      options: [1, 0].map((f) => ({ value: f, label: t(`agricultural:enabled.${f}`) })),
    },
  ];

  const add = () => navigate(AGRI_PATHS.inputAdd);

  const toggle = async (i: AgriInput) => {
    try {
      await agriApi.updateInput(tenantId, {
        inputId: i.inputId,
        objectVersionNumber: i.objectVersionNumber,
        inputName: i.inputName,
        inputCode: i.inputCode,
        category: i.category as (typeof AGRI_CATEGORIES)[number],
        registrationNo: i.registrationNo,
        manufacturer: i.manufacturer,
        specification: i.specification,
        unit: i.unit,
        price: i.price,
        imageUrl: i.imageUrl,
        description: i.description,
        enabledFlag: i.enabledFlag === 1 ? 0 : 1,
      });
      message.success(t('common:message.saved'));
      await list.refresh();
    } catch {
      // The API client showed the reason (stale version …).
    }
  };

  const remove = (i: AgriInput) =>
    confirmDelete(i.inputName, () => agriApi.removeInput(tenantId, i.inputId), list.refresh, {
      content: t('agricultural:input.deleteHint'),
      width: 380,
    });

  const columns: ColumnsType<AgriInput> = [
    { title: t('agricultural:input.field.code'), dataIndex: 'inputCode', width: 150 },
    { title: t('agricultural:input.field.name'), dataIndex: 'inputName' },
    {
      title: t('agricultural:input.field.category'),
      dataIndex: 'category',
      render: (c: string) => t(`agricultural:category.${c}`),
    },
    {
      title: t('agricultural:input.field.registrationNo'),
      dataIndex: 'registrationNo',
      render: (v: string | null) => v || NO_DATA,
    },
    {
      title: t('agricultural:input.field.specification'),
      dataIndex: 'specification',
      render: (v: string | null) => v || NO_DATA,
    },
    { title: t('agricultural:input.field.unit'), dataIndex: 'unit' },
    {
      title: t('agricultural:input.field.price'),
      dataIndex: 'price',
      align: 'right',
      render: (v: number | null) => fmt.money(v),
    },
    {
      title: t('agricultural:input.field.enabled'),
      dataIndex: 'enabledFlag',
      render: (v: number) => (
        <Tag color={v === 1 ? 'green' : undefined}>{t(`agricultural:enabled.${v}`)}</Tag>
      ),
    },
    {
      title: t('agricultural:input.field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, i) => (
        <RowActions
          onEdit={() => navigate(AGRI_PATHS.inputEdit(i.inputId))}
          editCode={AGRI_CODES.edit}
          editExtra={
            <Button type="link" size="small" onClick={() => void toggle(i)}>
              {i.enabledFlag === 1
                ? t('agricultural:input.action.disable')
                : t('agricultural:input.action.enable')}
            </Button>
          }
          onDelete={() => remove(i)}
          deleteCode={AGRI_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t('agricultural:input.action.add')}
        addCode={AGRI_CODES.create}
      />
      <PagedTable<AgriInput>
        list={list}
        rowKey="inputId"
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{
          title: t('agricultural:input.empty'),
          onAdd: add,
          addText: t('agricultural:input.action.add'),
          addCode: AGRI_CODES.create,
        }}
      />
    </section>
  );
}

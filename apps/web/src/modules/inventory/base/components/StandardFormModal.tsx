import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { INV_STANDARD_VALUES_MAX } from '@tilth/contracts/inventory.base.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { type InvStandard, standardApi } from '../baseData.api';
import { BaseFormModal, EnabledItem, RemarkItem } from './BaseFormModal';

interface Values {
  standardName: string;
  sortNo?: number | null;
  remark?: string;
  enabled: boolean;
  values: { id?: number; valueName: string }[];
}

interface Props {
  tenantId: number;
  open: boolean;
  standard: InvStandard | null;
  onClose: () => void;
}

const valuesOf = (standard: InvStandard | null): Values => ({
  standardName: standard?.standardName ?? '',
  sortNo: standard?.sortNo ?? 0,
  remark: standard?.remark ?? '',
  enabled: (standard?.enabledFlag ?? 1) === 1,
  values: standard ? standard.values.map((v) => ({ id: v.id, valueName: v.valueName })) : [{ valueName: '' }],
});

/** Add or edit an attribute and its values (in the order listed; a value a SKU uses cannot be removed). */
export function StandardFormModal({ tenantId, open, standard, onClose }: Props) {
  const { t } = useTranslation(['invBase', 'common']);
  const save = async (v: Values, row: InvStandard | null) => {
    const body = {
      standardName: v.standardName,
      sortNo: v.sortNo ?? 0,
      remark: v.remark ?? '',
      enabledFlag: v.enabled ? 1 : 0,
      values: v.values.map((x, i) => ({
        ...(x.id ? { id: x.id } : {}),
        valueName: x.valueName,
        sortNo: i + 1,
      })),
    } as const;
    if (row)
      await standardApi.update(tenantId, row.id, { ...body, objectVersionNumber: row.objectVersionNumber });
    else await standardApi.create(tenantId, body);
  };

  return (
    <BaseFormModal<InvStandard, Values>
      tenantId={tenantId}
      open={open}
      row={standard}
      onClose={onClose}
      addTitle="invBase:standard.addTitle"
      editTitle="invBase:standard.editTitle"
      width={520}
      valuesOf={valuesOf}
      save={save}
    >
      <Space size="large" wrap>
        <Form.Item
          name="standardName"
          label={t('invBase:standard.standardName')}
          rules={[{ required: true, whitespace: true, message: t('invBase:rule.required') }]}
        >
          <Input maxLength={30} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="sortNo" label={t('invBase:standard.sortNo')}>
          <InputNumber<number> min={0} max={9999} precision={0} />
        </Form.Item>
      </Space>
      <Form.Item label={t('invBase:standard.values')} required>
        <Form.List
          name="values"
          rules={[
            {
              validator: async (_r, values: unknown[] | undefined) => {
                if (!values || values.length === 0) throw new Error(t('invBase:standard.valueRequired'));
              },
            },
          ]}
        >
          {(items, { add, remove }, { errors }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="baseline">
                  <Form.Item
                    name={[item.name, 'valueName']}
                    rules={[
                      { required: true, whitespace: true, message: t('invBase:rule.required') },
                      ({ getFieldValue }) => ({
                        validator: async (_r, v: string | undefined) => {
                          const all = (getFieldValue('values') as { valueName?: string }[]).map((x) =>
                            x?.valueName?.trim(),
                          );
                          if (v && all.filter((x) => x === v.trim()).length > 1)
                            throw new Error(t('invBase:standard.valueTwice'));
                        },
                      }),
                    ]}
                  >
                    <Input
                      maxLength={30}
                      style={{ width: 300 }}
                      aria-label={t('invBase:standard.valueName')}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('common:action.delete')}
                    onClick={() => remove(item.name)}
                  />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={items.length >= INV_STANDARD_VALUES_MAX}
                onClick={() => add({ valueName: '' })}
              >
                {t('invBase:standard.addValue')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <RemarkItem />
      <EnabledItem />
    </BaseFormModal>
  );
}

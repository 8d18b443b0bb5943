import { INV_CODE_MAX } from '@tilth/contracts/inventory.base.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { type InvUnit, unitApi } from '../baseData.api';
import { BaseFormModal, EnabledItem, RemarkItem } from './BaseFormModal';
import { CODE_PATTERN } from './baseUi';

interface Values {
  unitName: string;
  unitCode: string;
  remark?: string;
  enabled: boolean;
}

interface Props {
  tenantId: number;
  open: boolean;
  /** null: a new unit. */
  unit: InvUnit | null;
  onClose: () => void;
}

const valuesOf = (unit: InvUnit | null): Values => ({
  unitName: unit?.unitName ?? '',
  unitCode: unit?.unitCode ?? '',
  remark: unit?.remark ?? '',
  enabled: (unit?.enabledFlag ?? 1) === 1,
});

/** Add or edit a unit: name, code, remark, enabled. */
export function UnitFormModal({ tenantId, open, unit, onClose }: Props) {
  const { t } = useTranslation(['invBase', 'common']);
  const save = async (v: Values, row: InvUnit | null) => {
    const body = {
      unitName: v.unitName,
      unitCode: v.unitCode,
      remark: v.remark ?? '',
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    if (row)
      await unitApi.update(tenantId, row.id, { ...body, objectVersionNumber: row.objectVersionNumber });
    else await unitApi.create(tenantId, body);
  };

  return (
    <BaseFormModal<InvUnit, Values>
      tenantId={tenantId}
      open={open}
      row={unit}
      onClose={onClose}
      addTitle="invBase:unit.addTitle"
      editTitle="invBase:unit.editTitle"
      width={480}
      valuesOf={valuesOf}
      save={save}
    >
      <Form.Item
        name="unitName"
        label={t('invBase:unit.unitName')}
        rules={[{ required: true, whitespace: true, message: t('invBase:rule.required') }]}
      >
        <Input maxLength={20} showCount />
      </Form.Item>
      <Form.Item
        name="unitCode"
        label={t('invBase:unit.unitCode')}
        rules={[
          { required: true, message: t('invBase:rule.required') },
          { pattern: CODE_PATTERN, message: t('invBase:rule.code') },
        ]}
      >
        <Input maxLength={INV_CODE_MAX} placeholder="KG" />
      </Form.Item>
      <RemarkItem />
      <EnabledItem />
    </BaseFormModal>
  );
}

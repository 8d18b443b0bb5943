import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserOptions } from '../../../../shell/notice/approval.api';

interface ManagerPickerProps {
  tenantId: number;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The saved manager's name, shown before any search finds them. */
  currentName?: string | null;
}

/** A member of the tenant, searched by name (approval-users: names and logins only); clearable. */
export function ManagerPicker({ tenantId, value, onChange, currentName }: ManagerPickerProps) {
  const { t } = useTranslation(['invBase']);
  const [name, setName] = useState('');
  const query = useUserOptions(tenantId, name, true);
  const options = (query.data?.content ?? []).map((u) => ({
    value: u.id,
    label: `${u.realName} (${u.loginName})`,
  }));
  if (value && currentName && !options.some((o) => o.value === value))
    options.unshift({ value, label: currentName });
  return (
    <Select<number | null>
      allowClear
      showSearch={{ filterOption: false, onSearch: setName }}
      style={{ width: 240 }}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      loading={query.isFetching}
      options={options}
      placeholder={t('invBase:field.managerSearch')}
      aria-label={t('invBase:field.manager')}
    />
  );
}

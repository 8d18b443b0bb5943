import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserOptions } from './approval.api';

export interface UserPickerProps {
  tenantId: number;
  multiple?: boolean;
  value?: number | number[];
  onChange?: (value: number | number[]) => void;
  /** Users not to offer (the caller, the current assignee). */
  exclude?: readonly number[];
  ariaLabel?: string;
}

/** Users of the tenant searched by name (approval-users: names and logins, for any approver), for transfer, add signer and delegate. */
export function UserPicker({
  tenantId,
  multiple,
  value,
  onChange,
  exclude = [],
  ariaLabel,
}: UserPickerProps) {
  const { t } = useTranslation('notice');
  const [name, setName] = useState('');
  const query = useUserOptions(tenantId, name, true);
  const options = (query.data?.content ?? [])
    .filter((u) => !exclude.includes(u.id))
    .map((u) => ({ value: u.id, label: `${u.realName} (${u.loginName})` }));
  return (
    <Select<number | number[]>
      showSearch={{ filterOption: false, onSearch: setName }}
      mode={multiple ? 'multiple' : undefined}
      maxCount={multiple ? 10 : undefined}
      value={value}
      onChange={onChange}
      loading={query.isFetching}
      options={options}
      placeholder={t('notice.approval.pickUser')}
      aria-label={ariaLabel ?? t('notice.approval.pickUser')}
      notFoundContent={query.isError ? t('notice.approval.loadFailed') : t('notice.approval.noUsers')}
    />
  );
}

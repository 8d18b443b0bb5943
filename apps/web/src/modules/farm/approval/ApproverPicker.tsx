import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalApi, approvalKeys } from './approval.api';

export interface ApproverPickerProps {
  tenantId: number;
  value?: number[];
  onChange?: (value: number[]) => void;
  ariaLabel?: string;
}

/**
 * Active colleagues searched by name or login (approval-users: names and logins only), up to 10 — the
 * applicant's choice for a 'chosen' step. The farm module's own copy of the shell's picker pattern.
 */
export function ApproverPicker({ tenantId, value, onChange, ariaLabel }: ApproverPickerProps) {
  const { t } = useTranslation('farm');
  const [name, setName] = useState('');
  const query = useQuery({
    queryKey: approvalKeys.users(tenantId, name),
    queryFn: () => approvalApi.users(tenantId, name),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const options = (query.data?.content ?? []).map((u) => ({
    value: u.id,
    label: `${u.realName} (${u.loginName})`,
  }));
  return (
    <Select<number[]>
      mode="multiple"
      maxCount={10}
      showSearch={{ filterOption: false, onSearch: setName }}
      value={value}
      onChange={onChange}
      loading={query.isFetching}
      options={options}
      style={{ width: '100%' }}
      placeholder={t('farm:approval.choose.pickUser')}
      aria-label={ariaLabel ?? t('farm:approval.choose.pickUser')}
      notFoundContent={
        query.isError ? t('farm:approval.choose.loadFailed') : t('farm:approval.choose.noUsers')
      }
    />
  );
}

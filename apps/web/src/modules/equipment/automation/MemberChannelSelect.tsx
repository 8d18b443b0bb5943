import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { controlApi, controlKeys } from '../control/control.api';
import type { ChannelSource } from './groupMembers';

interface Props {
  tenantId: number;
  deviceId: number;
  source: ChannelSource;
  /** The member's channel as the group knows it, shown while the list loads or when it is not readable. */
  known?: { value: number; label: string } | undefined;
  /** Set by Form.Item. */
  value?: number | null;
  onChange?: (v: number | null) => void;
}

/**
 * A switch of a gateway or a pump of an aerator regulator, from the same list calls as the device's
 * control tab; empty means the whole device.
 */
export function MemberChannelSelect({ tenantId, deviceId, source, known, value, onChange }: Props) {
  const { t } = useTranslation(['automation']);
  const channels = useQuery({
    // Under the control tab's keys (so its changes refresh this), but apart: this caches options.
    queryKey: [
      ...(source === 'switch'
        ? controlKeys.switches(tenantId, deviceId)
        : controlKeys.pumps(tenantId, deviceId)),
      'options',
    ],
    queryFn: async () =>
      source === 'switch'
        ? (await controlApi.switches(tenantId, deviceId, { page: 0, size: 0 })).content.map((s) => ({
            value: s.switchId,
            label: s.name,
          }))
        : (await controlApi.pumps(tenantId, deviceId)).map((p) => ({ value: p.id, label: p.name })),
  });
  const options = channels.data ?? [];
  if (known && !options.some((o) => o.value === known.value)) options.push(known);
  return (
    <Select<number | null>
      style={{ minWidth: 160 }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={channels.isFetching}
      placeholder={t(`automation:group.wholeDevice.${source}`)}
      options={options}
    />
  );
}

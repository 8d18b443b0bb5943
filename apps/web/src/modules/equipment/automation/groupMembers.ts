import type { GroupMember, GroupMemberInput } from '@tilth/contracts/automation.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';

// Group members in the group form: a device, and optionally one of its channels — a gateway switch
// or an aerator pump — which the API takes as `channelId`.

/** Where a device's channels are listed: gateway switches or aerator pumps. */
export type ChannelSource = 'switch' | 'pump';

/** Types with a switch command keep switches; the aerator regulator keeps pumps; others have none. */
export const channelSourceOf = (typeKey: string | undefined): ChannelSource | null => {
  if (!typeKey) return null;
  if (typeKey === 'aerator') return 'pump';
  return deviceTypeByKey(typeKey)?.commands.some((c) => c.action === 'switch') ? 'switch' : null;
};

/** One row of the form's member list; the device is unset while the row is new. */
export interface MemberRow {
  deviceId?: number;
  channelId?: number | null;
}

export const toMemberRows = (members: readonly GroupMember[]): MemberRow[] =>
  members.map((m) => ({ deviceId: m.deviceId, channelId: m.channelId }));

/** The members as the API takes them: rows without a device are left out, no channel is null. */
export const toMemberInputs = (rows: readonly MemberRow[]): GroupMemberInput[] =>
  rows.flatMap((r) => (r.deviceId ? [{ deviceId: r.deviceId, channelId: r.channelId ?? null }] : []));

/** "device · switch name", or the device alone. */
export const memberLabel = (deviceName: string, channelName: string | null | undefined): string =>
  channelName ? `${deviceName} · ${channelName}` : deviceName;

/** Devices already chosen in other rows (the API takes each device once). */
export const takenElsewhere = (rows: readonly MemberRow[] | undefined, index: number): Set<number> =>
  new Set((rows ?? []).flatMap((r, i) => (i !== index && r?.deviceId ? [r.deviceId] : [])));

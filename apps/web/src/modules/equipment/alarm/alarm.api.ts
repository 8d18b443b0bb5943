import type { Page } from '@tilth/contracts';
import type {
  Alarm,
  AlarmRule,
  AlarmRuleCreateBody,
  AlarmRuleUpdateBody,
  AlarmStaff,
  AlarmStaffCreateBody,
  AlarmStaffUpdateBody,
  AlarmStaffUser,
  AlarmSummary,
} from '@tilth/contracts/alarm.types';
import type { DeviceOption } from '@tilth/contracts/device.types';
import { api, type Query } from '../../../shared/api/client';

export type {
  Alarm,
  AlarmRule,
  AlarmStaff,
  AlarmStaffUser,
  AlarmSummary,
} from '@tilth/contracts/alarm.types';

/** Query keys: everything of the alarm pages under ['alarm', t]. */
export const alarmKeys = {
  all: (t: number) => ['alarm', t] as const,
  alarms: (t: number) => ['alarm', t, 'alarms'] as const,
  summary: (t: number) => ['alarm', t, 'summary'] as const,
  rules: (t: number) => ['alarm', t, 'rules'] as const,
  staff: (t: number) => ['alarm', t, 'staff'] as const,
  staffOptions: (t: number) => ['alarm', t, 'staff', 'options'] as const,
  users: (t: number) => ['alarm', t, 'users'] as const,
  devices: (t: number) => ['device', t, 'options', '', 0] as const,
};

const w = (t: number) => `/wfpe/v1/${t}/warning`;

export type RuleInput = Omit<
  AlarmRuleCreateBody,
  'kind' | 'durationMin' | 'severity' | 'enabledFlag' | 'staffIds'
> &
  Partial<AlarmRuleCreateBody>;
export type StaffInput = Partial<AlarmStaffCreateBody> & { name: string };

export const alarmApi = {
  alarms: (t: number, query: Query) => api.get<Page<Alarm>>(`${w(t)}/alarm`, { query }),
  summary: (t: number) => api.get<AlarmSummary>(`${w(t)}/alarm/summary`),
  ack: (t: number, id: number, note: string) =>
    api.post<Alarm>(`${w(t)}/alarm/${id}/ack`, { json: { note } }),
  bulkAck: (t: number, ids: number[], note: string) =>
    api.post<{ acknowledged: number }>(`${w(t)}/alarm/ack`, { json: { ids, note } }),

  rules: (t: number, query: Query) => api.get<Page<AlarmRule>>(`${w(t)}/rule`, { query }),
  createRule: (t: number, body: RuleInput) => api.post<AlarmRule>(`${w(t)}/rule`, { json: body }),
  updateRule: (t: number, body: RuleInput & Pick<AlarmRuleUpdateBody, 'id' | 'objectVersionNumber'>) =>
    api.put<AlarmRule>(`${w(t)}/rule`, { json: body }),
  enableRule: (t: number, id: number, enabledFlag: 0 | 1) =>
    api.post<AlarmRule>(`${w(t)}/rule/${id}/enabled`, { json: { enabledFlag } }),
  removeRule: (t: number, id: number) => api.delete<{ success: boolean }>(`${w(t)}/rule/${id}`),

  staff: (t: number, query: Query) => api.get<Page<AlarmStaff>>(`${w(t)}/staff`, { query }),
  staffOptions: (t: number) =>
    api.get<Page<AlarmStaff>>(`${w(t)}/staff`, { query: { page: 0, size: 0 } }).then((p) => p.content),
  users: (t: number) => api.get<AlarmStaffUser[]>(`${w(t)}/staff/candidate-users`),
  createStaff: (t: number, body: StaffInput) => api.post<AlarmStaff>(`${w(t)}/staff`, { json: body }),
  updateStaff: (t: number, body: StaffInput & Pick<AlarmStaffUpdateBody, 'id' | 'objectVersionNumber'>) =>
    api.put<AlarmStaff>(`${w(t)}/staff`, { json: body }),
  removeStaff: (t: number, id: number) => api.delete<{ success: boolean }>(`${w(t)}/staff/${id}`),

  /** Every device of the tenant, for the rule form's device select. */
  devices: (t: number) => api.get<DeviceOption[]>(`/wfpe/v1/${t}/device/all`),
};

import type { PermissionCode } from '@tilth/contracts/permissions';

export const INQUIRY_ACCESS = {
  view: 'wfpf.farm.agriculture.expert-inquiry',
  ask: 'wfpf.farm.agriculture.expert-inquiry.ps.ask',
  answer: 'wfpf.farm.agriculture.expert-inquiry.ps.answer',
} as const satisfies Record<string, PermissionCode>;

/** Either side of the thread. */
export const INQUIRY_EITHER: readonly PermissionCode[] = [INQUIRY_ACCESS.ask, INQUIRY_ACCESS.answer];

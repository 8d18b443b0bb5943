import { api } from '../api/client';
import { type CheckAnswer, createPermissionBatcher } from './permissionBatcher';

export const permissionBatcher = createPermissionBatcher((codes) =>
  api.post<CheckAnswer>('/iam/stong/v1/menus/check-resources', { json: codes }),
);

export const resetPermissionCache = (): void => permissionBatcher.reset();

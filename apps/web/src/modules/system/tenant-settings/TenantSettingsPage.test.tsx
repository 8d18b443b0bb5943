import { describe, expect, it } from 'vitest';
import { renderWithCodes } from '../../../test/renderWithCodes';
import { TenantSettingsPage } from './TenantSettingsPage';
import { TENANT_SETTINGS_EDIT, type TenantSettings, tenantSettingsKeys } from './tenantSettings.api';

const SETTINGS: TenantSettings = {
  tenantId: 7,
  tenantName: 'Green Valley Farm',
  tenantNum: 'T0007',
  timeZone: 'Asia/Shanghai',
  objectVersionNumber: 3,
};
const data = [[tenantSettingsKeys.one(7), SETTINGS]] as const;

describe('tenant settings page', () => {
  it('shows the tenant read-only and saves only with the edit permission', () => {
    const viewer = renderWithCodes(<TenantSettingsPage />, { codes: [], data });
    expect(viewer).toContain('Green Valley Farm');
    expect(viewer).toContain('T0007');
    expect(viewer).toContain('Time zone');
    expect(viewer).not.toContain('tenant-settings-save');
    const admin = renderWithCodes(<TenantSettingsPage />, { codes: [TENANT_SETTINGS_EDIT], data });
    expect(admin).toContain('tenant-settings-save');
  });
});

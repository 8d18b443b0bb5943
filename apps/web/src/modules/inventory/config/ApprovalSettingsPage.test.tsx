import type { BindingItem, DefinitionItem } from '@tilth/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { ApprovalSettingsPage } from './ApprovalSettingsPage';
import { APPROVAL_SETTINGS_CODE, approvalSettingsKeys } from './approvalSettings.api';

const row = (
  docType: BindingItem['docType'],
  docTypeName: string,
  extra: Partial<BindingItem> = {},
): BindingItem => ({
  docType,
  docTypeName,
  registered: true,
  definitionId: null,
  definitionName: null,
  lastUpdateDate: null,
  objectVersionNumber: null,
  ...extra,
});
const flow: DefinitionItem = {
  id: 11,
  name: 'Input receipt approval',
  docType: 'agri_warehousing',
  description: null,
  enabledFlag: 1,
  version: 1,
  running: 1,
  objectVersionNumber: 1,
  lastUpdateDate: '2026-11-20T08:00:00Z',
};
const data = [
  [
    approvalSettingsKeys.bindings(7),
    [
      row('agri_warehousing', 'Input warehousing', {
        definitionId: 11,
        definitionName: 'Input receipt approval',
        lastUpdateDate: '2026-11-20T08:00:00Z',
        objectVersionNumber: 1,
      }),
      row('farm_plan', 'Farm plan'),
      row('inv_warehousing', 'Receipt', { registered: false }),
    ],
  ],
  [approvalSettingsKeys.flows(7), [flow]],
] as const;

describe('approval settings page', () => {
  it('shows each type with its flow or none, and notes the types whose module is not built yet', () => {
    const text = textOf(renderWithCodes(<ApprovalSettingsPage />, { codes: [APPROVAL_SETTINGS_CODE], data }));
    expect(text).toContain('Input warehousing');
    expect(text).toContain('Input receipt approval');
    expect(text).toContain('No approval (approved at once)');
    // Only the inventory type carries the note.
    expect(text.split('Applies once the inventory module exists').length - 1).toBe(1);
    expect(text).toContain('the settings apply to the whole company');
  });
});

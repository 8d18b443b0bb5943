import type { ApprovalPreview } from '@tilth/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { approvalKeys } from './approval.api';
import { ApprovalRouteHint, ChooseApproversForm } from './ChooseApproversForm';
import { stepsToChoose } from './chooseApprovers';

// The "Choose approvers" dialog's content and the route under a form's save button, as the applicant sees them.

const preview: ApprovalPreview = {
  bound: true,
  definitionName: 'Receipts',
  steps: [
    { nodeId: 'head', name: 'Base head', kind: 'approval', mode: 'single', choose: false },
    { nodeId: 'dir', name: 'Director', kind: 'approval', mode: 'single', choose: true },
    { nodeId: 'cc', name: 'Finance', kind: 'cc', mode: null, choose: true },
  ],
};

describe('choosing approvers in the console', () => {
  it('shows the route and one picker per step to choose, the copy step marked', () => {
    const html = renderWithCodes(
      <ChooseApproversForm
        tenantId={7}
        steps={stepsToChoose(preview)}
        route="Base head → Director → Finance"
        onChange={() => undefined}
      />,
      { codes: [] },
    );
    const text = textOf(html);
    expect(text).toContain('Approval route: Base head → Director → Finance');
    expect(text).toContain('Director');
    expect(text).toContain('Finance (copy)');
    // One picker per step to choose; the fixed step gets none.
    const labels = (html.match(/aria-label="[^"]*"/g) ?? []).join(' ');
    expect(labels).toContain('aria-label="Director"');
    expect(labels).toContain('aria-label="Finance (copy)"');
    expect(labels).not.toContain('Base head');
  });

  it('shows the route under the form when bound, nothing when unbound', () => {
    const fields = { amount: 100, quantity: 1, areaId: 3 };
    const key = approvalKeys.preview(7, { docType: 'agri_warehousing', fields });
    const bound = renderWithCodes(
      <ApprovalRouteHint tenantId={7} docType="agri_warehousing" fields={fields} />,
      {
        codes: [],
        data: [[key, preview]],
      },
    );
    expect(textOf(bound)).toContain('Approval route: Base head → Director → Finance');
    const unbound = renderWithCodes(
      <ApprovalRouteHint tenantId={7} docType="agri_warehousing" fields={fields} />,
      { codes: [], data: [[key, { bound: false, definitionName: null, steps: [] }]] },
    );
    expect(textOf(unbound)).not.toContain('Approval route');
  });
});

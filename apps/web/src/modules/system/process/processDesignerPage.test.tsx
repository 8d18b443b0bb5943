import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { ProcessAddPage, ProcessEditPage } from './ProcessDesignerPage';
import { type DefinitionDetail, PROCESS_CODE, PROCESS_CODES, processKeys } from './process.api';

const T = 7;
const detail = (over: Partial<DefinitionDetail>): DefinitionDetail => ({
  id: 5,
  name: 'Large receipts',
  docType: 'agri_warehousing',
  description: null,
  enabledFlag: 0,
  version: 1,
  running: 0,
  objectVersionNumber: 1,
  lastUpdateDate: '2026-01-01T10:00:00.000Z',
  model: {
    node: { id: 'a1', kind: 'approval', name: 'Manager', mode: 'any', assignees: [] },
  },
  versions: [],
  ...over,
});

const edit = (codes: readonly string[], d: DefinitionDetail) =>
  renderWithCodes(
    <MemoryRouter initialEntries={['/system/process/edit/5']}>
      <Routes>
        <Route path="/system/process/edit/:id" element={<ProcessEditPage />} />
      </Routes>
    </MemoryRouter>,
    { codes, tenantId: T, data: [[processKeys.detail(T, 5), d]] },
  );

describe('flow designer page', () => {
  it('a new flow is applicant → end, and says an approval step is missing', () => {
    const html = textOf(
      renderWithCodes(
        <MemoryRouter>
          <ProcessAddPage />
        </MemoryRouter>,
        { codes: [PROCESS_CODE, ...Object.values(PROCESS_CODES)], tenantId: T },
      ),
    );
    expect(html).toContain('The flow needs at least one approval step');
    expect(html).toContain('Save and enable');
    expect(html).toContain('Applicant');
    expect(html).toContain('End');
  });

  it('names the step without an approver in the summary', () => {
    const html = textOf(edit([PROCESS_CODE, PROCESS_CODES.edit], detail({})));
    expect(html).toContain('Manager: Choose who this step goes to');
    expect(html).toMatch(/\bSave\b/);
  });

  it('an enabled flow opens read-only, saying to disable it first, with no save', () => {
    const html = textOf(edit([PROCESS_CODE, PROCESS_CODES.edit], detail({ enabledFlag: 1 })));
    expect(html).toContain('An enabled flow cannot be edited: disable it first');
    expect(html).not.toMatch(/\bSave\b/);
  });

  it('hides saving from a reader', () => {
    const html = textOf(edit([PROCESS_CODE], detail({})));
    expect(html).not.toMatch(/\bSave\b/);
  });
});

import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { ProcessListPage } from './ProcessListPage';
import { type DefinitionItem, PROCESS_CODE, PROCESS_CODES, processKeys } from './process.api';

const T = 7;
const flow = (over: Partial<DefinitionItem>): DefinitionItem => ({
  id: 3,
  name: 'Large receipts',
  docType: 'agri_warehousing',
  description: null,
  enabledFlag: 0,
  version: 2,
  running: 4,
  objectVersionNumber: 1,
  lastUpdateDate: '2026-01-01T10:00:00.000Z',
  ...over,
});

const page = (codes: readonly string[], content: DefinitionItem[]) =>
  textOf(
    renderWithCodes(
      <MemoryRouter>
        <ProcessListPage />
      </MemoryRouter>,
      {
        codes,
        tenantId: T,
        data: [
          [
            [...processKeys.list(T), 'page', {}, 0, 10],
            { content, totalElements: content.length, totalPages: 1, number: 0, size: 10 },
          ],
        ],
      },
    ),
  );

describe('approval flow list', () => {
  it('shows name, document type, version and running count with every action to holders of the right', () => {
    const all = page([PROCESS_CODE, ...Object.values(PROCESS_CODES)], [flow({})]);
    expect(all).toContain('Large receipts');
    expect(all).toContain('Input warehousing');
    expect(all).toContain('v2');
    expect(all).toContain('Add flow');
    expect(all).toMatch(/\bDetails\b/);
    expect(all).toMatch(/\bCopy\b/);
    expect(all).toMatch(/\bEdit\b/);
    expect(all).toMatch(/\bDelete\b/);
  });

  it('the view code alone shows the list and details, without add, copy, edit or delete', () => {
    const none = page([PROCESS_CODE], [flow({})]);
    expect(none).toContain('Large receipts');
    expect(none).toMatch(/\bDetails\b/);
    expect(none).not.toContain('Add flow');
    expect(none).not.toMatch(/\bCopy\b|\bEdit\b|\bDelete\b/);
  });

  it('an enabled flow’s edit button is disabled (disable first)', () => {
    const html = renderWithCodes(
      <MemoryRouter>
        <ProcessListPage />
      </MemoryRouter>,
      {
        codes: [PROCESS_CODE, PROCESS_CODES.edit],
        tenantId: T,
        data: [
          [
            [...processKeys.list(T), 'page', {}, 0, 10],
            { content: [flow({ enabledFlag: 1 })], totalElements: 1, totalPages: 1, number: 0, size: 10 },
          ],
        ],
      },
    );
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Edit/);
    expect(textOf(html)).not.toMatch(/\bCopy\b|\bDelete\b/);
  });

  it('an empty list says so', () => {
    expect(page([PROCESS_CODE], [])).toContain('No approval flows yet');
  });
});

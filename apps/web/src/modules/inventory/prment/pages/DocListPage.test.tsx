import type { Page } from '@tilth/contracts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../../test/renderWithCodes';
import { type InvDoc, type InvDocRow, invDocKeys } from '../api/invDoc.api';
import { DOC_CODE, type InvDocType } from '../docTypes';
import { detail, optionData } from '../testData';
import { DocListPage, RowButtons } from './DocListPage';

// The document lists: rows with their states, and the actions each state offers to holders of the code.

const row = (extra: Partial<InvDocRow> = {}): InvDoc => {
  const { lines: _l, source: _s, children: _c, reversalOf: _r, reversedBy: _b, ...rest } = detail(extra);
  return rest;
};

const buttons = (doc: InvDoc, codes: readonly string[] = [DOC_CODE[doc.docType]]) =>
  textOf(
    renderWithCodes(
      <MemoryRouter>
        <RowButtons doc={doc} run={() => undefined} />
      </MemoryRouter>,
      { codes, data: optionData },
    ),
  ).trim();

const page = (type: InvDocType, rows: InvDoc[]) =>
  [
    [...invDocKeys.list(7, type), 'page', {}, 0, 10],
    { content: rows, totalElements: rows.length, totalPages: 1, number: 0, size: 10 } satisfies Page<InvDoc>,
  ] as const;

describe('document list rows', () => {
  it('edits, submits and deletes a draft', () => {
    expect(buttons(row({ auditState: 'draft' }))).toBe('Details Submit Edit Delete');
  });

  it('shows the approval record and nothing to change while in approval', () => {
    expect(buttons(row({ auditState: 'submitted', processId: 9 }))).toBe('Details Approval record');
  });

  it('stores an approved inbound, then returns it to the supplier or reverses it', () => {
    expect(buttons(row({ execState: 'pending' }))).toBe('Details Store');
    expect(buttons(row({ execState: 'partial' }))).toBe('Details Store Return to supplier Reverse');
    expect(buttons(row({ execState: 'done' }))).toBe('Details Return to supplier Reverse');
  });

  it('ships an outbound, then offers the customer return', () => {
    expect(buttons(row({ docType: 'shipment', execState: 'pending' }))).toBe('Details Ship');
    expect(buttons(row({ docType: 'shipment', execState: 'done' }))).toBe('Details Customer return Reverse');
  });

  it('converts approved sources: purchase request, transfer, return, stocktake', () => {
    expect(buttons(row({ docType: 'purchase_request' }))).toBe('Details To inbound');
    expect(buttons(row({ docType: 'transfer' }))).toBe('Details Create outbound and inbound');
    expect(buttons(row({ docType: 'return', bizType: 'customer_return' }))).toBe('Details Process return');
    expect(buttons(row({ docType: 'stocktake', bizType: 'stocktake' }))).toBe('Details Adjust stock');
  });

  it('resubmits a rejected stocktake on its page', () => {
    expect(buttons(row({ docType: 'stocktake', auditState: 'rejected', processId: 4 }))).toBe(
      'Details Approval record Save and resubmit Delete',
    );
  });

  it('offers no action without the page’s code', () => {
    expect(buttons(row({ auditState: 'draft' }), [])).toBe('Details');
  });
});

describe('document list page', () => {
  it('lists rows with code, warehouse, counterparty, totals and state tags', () => {
    const text = textOf(
      renderWithCodes(
        <MemoryRouter>
          <DocListPage type="warehousing" />
        </MemoryRouter>,
        {
          codes: [DOC_CODE.warehousing],
          data: [...optionData, page('warehousing', [row({ execState: 'partial', totalAmount: 1234.5 })])],
        },
      ),
    );
    expect(text).toContain('RK202611260001');
    expect(text).toContain('North store');
    expect(text).toContain('Green Supply Co.');
    expect(text).toContain('1,234.50');
    expect(text).toContain('Approved');
    expect(text).toContain('Partly stored');
    expect(text).toContain('New inbound order');
    // The Excel export of the filtered list (every document list has it).
    expect(text).toContain('Export');
  });

  it('says there is nothing yet, with the add button, when empty', () => {
    const text = textOf(
      renderWithCodes(
        <MemoryRouter>
          <DocListPage type="stocktake" />
        </MemoryRouter>,
        { codes: [DOC_CODE.stocktake], data: [...optionData, page('stocktake', [])] },
      ),
    );
    expect(text).toContain('No stocktakes yet');
    expect(text).toContain('New stocktake');
  });
});

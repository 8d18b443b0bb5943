import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../../test/renderWithCodes';
import { type InvDocDetail, invDocKeys } from '../api/invDoc.api';
import { DOC_CODE, type InvDocType } from '../docTypes';
import { detail, line, optionData } from '../testData';
import { DocInfoPage } from './DocInfoPage';

// One document: header, states, lines with converted / done / remaining, its links, and its actions.

const render = (type: InvDocType, doc: InvDocDetail, path: string) =>
  renderWithCodes(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/inventory/prment/:seg/info/:id" element={<DocInfoPage type={type} />} />
      </Routes>
    </MemoryRouter>,
    { codes: [DOC_CODE[doc.docType]], data: [...optionData, [invDocKeys.doc(7, doc.id), doc]] },
  );

describe('document info page', () => {
  it('shows a partly received purchase request with its inbound children and the convert action', () => {
    const doc = detail({
      docType: 'purchase_request',
      docCode: 'CG202611260003',
      bizType: 'purchase',
      arrivalDate: '2026-11-30',
      lines: [line({ quantity: 10, convertedQty: 6, doneQty: 4, remainingQty: 4 })],
      children: [
        {
          id: 50,
          docType: 'warehousing',
          docCode: 'RK202611260007',
          auditState: 'approved',
          execState: 'done',
        },
      ],
    });
    const text = textOf(render('purchase_request', doc, '/inventory/prment/aplionform/info/42'));
    expect(text).toContain('Purchase request CG202611260003');
    expect(text).toContain('Green Supply Co.');
    expect(text).toContain('Inbound order RK202611260007');
    expect(text).toContain('Stored');
    expect(text).toContain('Converted');
    expect(text).toContain('Remaining');
    expect(text).toContain('To inbound');
    expect(text).not.toContain('Reverse');
  });

  it('links a reversing inbound to the one it reverses and offers nothing more', () => {
    const doc = detail({
      execState: 'done',
      reversalOfId: 40,
      reversalOf: {
        id: 40,
        docType: 'warehousing',
        docCode: 'RK1',
        auditState: 'approved',
        execState: 'done',
      },
      totalQuantity: -10,
      totalAmount: -1200,
      lines: [line({ quantity: -10, amount: -1200, doneQty: -10, remainingQty: 0 })],
    });
    const text = textOf(render('warehousing', doc, '/inventory/prment/warehousing/info/42'));
    expect(text).toContain('Reverses');
    expect(text).toContain('Inbound order RK1');
    expect(text).toContain('Reversal');
    // The action bar holds only back and print.
    expect(text.split('Inbound order RK202611260001')[0]?.trim()).toBe('Back Print');
  });

  it('shows a stocktake’s book, counted and difference', () => {
    const doc = detail({
      docType: 'stocktake',
      bizType: 'stocktake',
      businessId: null,
      lines: [line({ quantity: 8, bookQty: 10, unitPrice: null, amount: null })],
    });
    const text = textOf(render('stocktake', doc, '/inventory/prment/inventory_form/info/42'));
    expect(text).toContain('Book quantity');
    expect(text).toContain('-2');
    expect(text).toContain('Adjust stock');
  });

  it('moves any other type opened from the approval centre to its own page', () => {
    // The approval centre opens inventory_form/info/{id} for every inventory document (spec 03 §2).
    const html = render('stocktake', detail(), '/inventory/prment/inventory_form/info/42');
    expect(textOf(html)).not.toContain('RK202611260001');
  });
});

import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../../test/renderWithCodes';
import { type InvConvertAnswer, type InvWarehouseOption, invDocKeys } from '../api/invDoc.api';
import { DOC_CODE, type InvDocType } from '../docTypes';
import { detail, line, optionData } from '../testData';
import { DocFormPage, type FormMode } from './DocFormPage';

// The document form per type: its header fields, and a conversion opened from its source.

const warehouses: InvWarehouseOption[] = [
  { id: 3, warehouseCode: 'N1', warehouseName: 'North store', areaId: 9, allowNegative: 0, enabledFlag: 1 },
  { id: 4, warehouseCode: 'S1', warehouseName: 'South store', areaId: 9, allowNegative: 1, enabledFlag: 1 },
];

const render = (
  type: InvDocType,
  mode: FormMode,
  path = '/form',
  data: readonly (readonly [readonly unknown[], unknown])[] = [],
) =>
  textOf(
    renderWithCodes(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/form" element={<DocFormPage type={type} mode={mode} />} />
          <Route path="/form/:id" element={<DocFormPage type={type} mode={mode} />} />
        </Routes>
      </MemoryRouter>,
      {
        codes: [DOC_CODE[type]],
        data: [...optionData, [invDocKeys.warehouses(7), warehouses], ...data],
      },
    ),
  );

describe('document form', () => {
  it('asks a purchase request for its supplier and arrival date, saved as draft or submitted', () => {
    const text = render('purchase_request', { kind: 'add' });
    expect(text).toContain('Request date');
    expect(text).toContain('Receiving warehouse');
    expect(text).toContain('Supplier');
    expect(text).toContain('Arrival date');
    expect(text).toContain('Save draft');
    expect(text).toContain('Save and submit');
    expect(text).not.toContain('To warehouse');
  });

  it('asks a transfer for both warehouses and no counterparty', () => {
    const text = render('transfer', { kind: 'add' });
    expect(text).toContain('From warehouse');
    expect(text).toContain('To warehouse');
    expect(text).not.toContain('Supplier');
    expect(text).not.toContain('Customer');
  });

  it('offers a stocktake the book quantities and the count columns', () => {
    const text = render('stocktake', { kind: 'add' });
    expect(text).toContain('Warehouse counted');
    expect(text).toContain('Load book quantities');
    expect(text).toContain('Counted');
    expect(text).toContain('Difference');
  });

  it('opens a conversion prefilled from its source, which it names, with the remaining maxima', () => {
    const source = detail({
      docType: 'purchase_request',
      docCode: 'CG202611260003',
      lines: [line({ id: 101, quantity: 10, convertedQty: 6, remainingQty: 4 })],
    });
    const answer: InvConvertAnswer = {
      docType: 'warehousing',
      bizType: 'purchase',
      docDate: '2026-11-26',
      warehouseId: 3,
      toWarehouseId: null,
      businessId: 5,
      sourceDocId: 42,
      lines: [line({ id: 0, quantity: 4, sourceLineId: 101 })],
    };
    const text = render('warehousing', { kind: 'convert', to: 'warehousing' }, '/form/42', [
      [invDocKeys.doc(7, 42), source],
      [invDocKeys.convert(7, 42, 'warehousing'), answer],
    ]);
    expect(text).toContain('Made from Purchase request CG202611260003');
    expect(text).toContain('Compound fertiliser');
    expect(text).toContain('at most 4');
    // Converted lines keep their products: no new line.
    expect(text).not.toContain('Add a line');
  });

  it('refuses to change an approved document', () => {
    const text = render('warehousing', { kind: 'edit' }, '/form/42', [[invDocKeys.doc(7, 42), detail()]]);
    expect(text).toContain('cannot change');
  });
});

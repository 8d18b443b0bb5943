import { describe, expect, it } from 'vitest';
import {
  type ActionDoc,
  countDifference,
  docActions,
  docApprovalFields,
  duplicateLines,
  executeLines,
  executeProblem,
  lineAmount,
  toStockQty,
  totalAmount,
} from './docModel';

// The rules the document pages apply before anything reaches the server.

const doc = (extra: Partial<ActionDoc>): ActionDoc => ({
  docType: 'warehousing',
  auditState: 'draft',
  execState: 'pending',
  processId: null,
  reversedFlag: 0,
  reversalOfId: null,
  sourceDocType: null,
  bizType: 'purchase',
  toWarehouseId: null,
  ...extra,
});

describe('line amounts', () => {
  it('multiplies exactly and rounds half up to cents', () => {
    expect(lineAmount(3, 19.99)).toBe(59.97);
    // 0.1 × 0.2 is 0.020000000000000004 in floating point; the line says 0.02.
    expect(lineAmount(0.1, 0.2)).toBe(0.02);
    expect(lineAmount(1.0005, 10)).toBe(10.01);
    expect(lineAmount(2.5, 0.01)).toBe(0.03);
    expect(lineAmount(12345.6789, 99999)).toBe(1234555544.32);
    expect(lineAmount(1, null)).toBeNull();
    expect(lineAmount(undefined, 3)).toBeNull();
  });

  it('totals in cents, lines without a price counting 0', () => {
    expect(totalAmount([0.1, 0.2, null])).toBe(0.3);
    expect(
      docApprovalFields(4, 9, [{ quantity: 2, unitPrice: 0.05 }, { quantity: 0.0001 }, undefined]),
    ).toEqual({
      amount: 0.1,
      quantity: 2.0001,
      warehouseId: 4,
      areaId: 9,
    });
  });
});

describe('units and lines', () => {
  it('converts a quantity into stock units exactly', () => {
    expect(toStockQty(3, 12)).toBe(36);
    expect(toStockQty(0.3, 0.1)).toBe(0.03);
    expect(toStockQty(1.5, 2.5)).toBe(3.75);
    expect(toStockQty(null, 2)).toBeNull();
  });

  it('refuses the same SKU and lot twice, a different lot is another line', () => {
    const lines = [
      { skuId: 1, lotNo: 'A' },
      { skuId: 1, lotNo: 'B' },
      { skuId: 1, lotNo: ' A ' },
      { skuId: 2, lotNo: '' },
      { skuId: 2 },
      {},
    ];
    expect([...duplicateLines(lines)]).toEqual([2, 4]);
    expect(duplicateLines([{ skuId: 1 }, { skuId: 2 }]).size).toBe(0);
  });

  it('computes a stocktake difference, counted minus book', () => {
    expect(countDifference(9.5, 10)).toBe(-0.5);
    expect(countDifference(0.3, 0.1)).toBe(0.2);
    expect(countDifference(5, null)).toBeNull();
  });
});

describe('store / ship quantities', () => {
  it('allows a part of what remains, refuses more, negatives and 5 decimals', () => {
    expect(executeProblem(4, 10)).toBeNull();
    expect(executeProblem(10, 10)).toBeNull();
    expect(executeProblem(0, 10)).toBeNull();
    expect(executeProblem(10.0001, 10)).toBe('over');
    expect(executeProblem(-1, 10)).toBe('negative');
    expect(executeProblem(1.00001, 10)).toBe('decimals');
    expect(executeProblem(null, 10)).toBe('required');
  });

  it('sends only the lines with a quantity', () => {
    expect(
      executeLines([
        { lineId: 1, quantity: 4 },
        { lineId: 2, quantity: 0 },
        { lineId: 3, quantity: null },
      ]).map((l) => l.lineId),
    ).toEqual([1]);
  });
});

describe('actions by state', () => {
  it('edits, deletes and submits drafts and rejected documents; a rejected stocktake is resubmitted', () => {
    expect(docActions(doc({}))).toEqual(['edit', 'delete', 'submit']);
    expect(docActions(doc({ auditState: 'rejected', processId: 5 }))).toEqual([
      'timeline',
      'edit',
      'delete',
      'submit',
    ]);
    expect(docActions(doc({ docType: 'stocktake', auditState: 'rejected', processId: 5 }))).toEqual([
      'timeline',
      'resubmit',
      'delete',
    ]);
  });

  it('offers nothing but the timeline while in approval', () => {
    expect(docActions(doc({ auditState: 'submitted', processId: 3 }))).toEqual(['timeline']);
  });

  it('stores an approved inbound until done; once anything is stored, returns it to the supplier or reverses it', () => {
    expect(docActions(doc({ auditState: 'approved' }))).toEqual(['execute']);
    expect(docActions(doc({ auditState: 'approved', execState: 'partial' }))).toEqual([
      'execute',
      'supplierReturn',
      'reverse',
    ]);
    expect(docActions(doc({ auditState: 'approved', execState: 'done' }))).toEqual([
      'supplierReturn',
      'reverse',
    ]);
    // A transfer's inbound leg goes back by reversal, not to a supplier.
    expect(docActions(doc({ auditState: 'approved', execState: 'done', bizType: 'transfer' }))).toEqual([
      'reverse',
    ]);
    expect(docActions(doc({ auditState: 'approved', execState: 'done', reversedFlag: 1 }))).toEqual([]);
    expect(docActions(doc({ auditState: 'approved', execState: 'done', reversalOfId: 8 }))).toEqual([]);
  });

  it('ships an outbound, then offers return, receipt elsewhere (to another warehouse) and reversal', () => {
    const out = { docType: 'shipment' as const, auditState: 'approved' as const };
    expect(docActions(doc(out))).toEqual(['execute']);
    expect(docActions(doc({ ...out, execState: 'done' }))).toEqual(['shipmentReturn', 'reverse']);
    expect(docActions(doc({ ...out, execState: 'partial', toWarehouseId: 3 }))).toEqual([
      'execute',
      'convertShipment',
      'shipmentReturn',
      'reverse',
    ]);
    // A transfer's outbound leg is received by its inbound leg.
    expect(
      docActions(doc({ ...out, execState: 'done', toWarehouseId: 3, sourceDocType: 'transfer' })),
    ).toEqual(['reverse']);
  });

  it('converts approved sources while anything remains', () => {
    const pr = { docType: 'purchase_request' as const, auditState: 'approved' as const };
    expect(docActions(doc(pr))).toEqual(['convertPurchase']);
    expect(docActions(doc({ ...pr, execState: 'done' }))).toEqual([]);
    expect(docActions(doc({ ...pr, lines: [{ remainingQty: 0 }, { remainingQty: 2 }] }))).toEqual([
      'convertPurchase',
    ]);
    expect(docActions(doc({ ...pr, lines: [{ remainingQty: 0 }] }))).toEqual([]);
    expect(docActions(doc({ docType: 'transfer', auditState: 'approved' }))).toEqual(['legs']);
    expect(docActions(doc({ docType: 'return', auditState: 'approved' }))).toEqual(['returnConvert']);
    expect(docActions(doc({ docType: 'stocktake', auditState: 'approved' }))).toEqual(['adjust']);
    expect(docActions(doc({ docType: 'stocktake', auditState: 'approved', children: [{}] }))).toEqual([]);
  });
});

import {
  invDocCreateBody,
  invDocUpdateBody,
  invExecuteBody,
  invLegsBody,
  invReverseBody,
  invSubmitBody,
} from '@tilth/contracts/inventory.document.types';
import { describe, expect, it } from 'vitest';
import { executeBody, executeDefaults } from './components/ExecuteDialog';
import { bodyOfValues, valuesOfDoc } from './formModel';
import { detail, line } from './testData';

// What the pages send, checked against part C's schemas: the server would take each body as it is.

describe('bodies the pages send', () => {
  it('creates and updates every type the form builds', () => {
    for (const type of [
      'purchase_request',
      'warehousing',
      'shipment',
      'transfer',
      'return',
      'stocktake',
    ] as const) {
      const values = valuesOfDoc(
        detail({ docType: type, toWarehouseId: type === 'transfer' ? 4 : null, arrivalDate: '2026-12-01' }),
      );
      const body = bodyOfValues(type, values, { submit: true });
      expect(invDocCreateBody.safeParse({ ...body, chosen: { n1: [3] } }).success).toBe(true);
      const { submit: _s, ...update } = bodyOfValues(type, values);
      expect(invDocUpdateBody.safeParse({ ...update, objectVersionNumber: 2 }).success).toBe(true);
    }
  });

  it('converts with the source named on the document and its lines', () => {
    const values = valuesOfDoc(
      detail({ lines: [line({ sourceLineId: 101, lotNo: 'L-1', expiryDate: '2027-01-31' })] }),
    );
    const body = bodyOfValues('warehousing', values, { sourceDocId: 42 });
    const parsed = invDocCreateBody.parse(body);
    expect(parsed.sourceDocId).toBe(42);
    expect(parsed.lines[0]).toMatchObject({ sourceLineId: 101, lotNo: 'L-1', expiryDate: '2027-01-31' });
  });

  it('stores, submits, reverses and makes legs with bodies the server takes', () => {
    const doc = detail({ lines: [line({ lotNo: 'L-1' }), line({ id: 102, lineNo: 2, skuId: 12 })] });
    expect(invExecuteBody.safeParse(executeBody(doc, executeDefaults(doc))).success).toBe(true);
    expect(invSubmitBody.safeParse({ objectVersionNumber: 3 }).success).toBe(true);
    expect(invSubmitBody.safeParse({ objectVersionNumber: 3, chosen: { n1: [5] } }).success).toBe(true);
    expect(invReverseBody.safeParse({ objectVersionNumber: 3 }).success).toBe(true);
    expect(invLegsBody.safeParse({}).success).toBe(true);
  });
});

import Form from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../../test/renderWithCodes';
import { detail, line, optionData } from '../testData';
import {
  ExecuteForm,
  type ExecuteValues,
  executeBody,
  executeDefaults,
  executeQuantityRule,
} from './ExecuteDialog';

// The store / ship dialog: every line still open, each defaulting to what remains; partial quantities go
// out as entered, lines left at 0 are not sent, and more than remains is refused by the form's rule.

const doc = detail({
  lines: [
    line({ id: 101, quantity: 10, doneQty: 4, remainingQty: 6 }),
    line({
      id: 102,
      lineNo: 2,
      skuId: 12,
      productName: 'Seed potato',
      quantity: 5,
      doneQty: 5,
      remainingQty: 0,
    }),
    line({
      id: 103,
      lineNo: 3,
      skuId: 13,
      productName: 'Mulch film',
      quantity: 8,
      remainingQty: 8,
      lotNo: 'L-7',
    }),
  ],
});

function Harness({ mode }: { mode: 'store' | 'ship' }) {
  const [form] = Form.useForm<ExecuteValues>();
  return <ExecuteForm doc={doc} form={form} mode={mode} />;
}

describe('store / ship dialog', () => {
  it('lists the open lines with what remains, the quantity defaulting to it', () => {
    const html = renderWithCodes(<Harness mode="store" />, { codes: [], data: optionData });
    const text = textOf(html);
    expect(text).toContain('Compound fertiliser');
    expect(text).toContain('Mulch film');
    // A line already done is not offered again.
    expect(text).not.toContain('Seed potato');
    expect(text).toContain('Store now');
    const values = [...html.matchAll(/aria-label="Store now"[^>]*value="([^"]*)"/g)].map((m) => m[1]);
    expect(values).toEqual(['6', '8']);
    // A receipt in parts may name the lot of each part.
    expect(html).toContain('value="L-7"');
  });

  it('says ship for an outbound order and keeps the line’s lot', () => {
    const html = renderWithCodes(<Harness mode="ship" />, { codes: [], data: optionData });
    expect(textOf(html)).toContain('Ship now');
    expect(html).not.toContain('value="L-7"');
    expect(textOf(html)).toContain('L-7');
  });

  it('sends a partial receipt: the quantities entered, the lines at 0 left out', () => {
    const values = executeDefaults(doc);
    expect(values.rows.map((r) => [r.lineId, r.quantity])).toEqual([
      [101, 6],
      [103, 8],
    ]);
    values.rows[0] = { ...values.rows[0], lineId: 101, quantity: 2.5 };
    values.rows[1] = { ...values.rows[1], lineId: 103, quantity: 0 };
    expect(executeBody(doc, values)).toEqual({
      objectVersionNumber: 3,
      lines: [{ lineId: 101, quantity: 2.5 }],
    });
  });

  it('refuses more than remains in the form before anything is sent', async () => {
    const rule = executeQuantityRule(6, (k) => k);
    await expect(rule.validator(undefined, 6.0001)).rejects.toThrow('invDoc:rule.execute.over');
    await expect(rule.validator(undefined, -1)).rejects.toThrow('invDoc:rule.execute.negative');
    await expect(rule.validator(undefined, 1.23456)).rejects.toThrow('invDoc:rule.execute.decimals');
    await expect(rule.validator(undefined, 6)).resolves.toBeUndefined();
    await expect(rule.validator(undefined, 0)).resolves.toBeUndefined();
  });
});

import type { InvOptions } from '@tilth/contracts/inventory.base.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { INV_BASE_CODES, invBaseKeys } from '../base/baseData.api';
import { OptionPage } from './OptionPage';

const options: InvOptions = {
  defaultWarehouseId: null,
  defaultWarehouseName: null,
  costMethod: 'moving_average',
  shortagePolicy: 'block',
  quantityDecimals: 2,
  expiryWarnDays: 30,
  objectVersionNumber: 0,
};

const render = (codes: readonly string[]) =>
  textOf(
    renderWithCodes(<OptionPage />, {
      codes,
      data: [
        [invBaseKeys.options(7), options],
        [invBaseKeys.warehouseOptions(7), []],
      ],
    }),
  );

describe('option settings page', () => {
  it('shows the ledger cost method read-only, the shortage policy and the limits', () => {
    const text = render([INV_BASE_CODES.option]);
    expect(text).toContain('Moving average');
    expect(text).toContain('this is the only method');
    expect(text).toContain('Block the document');
    expect(text).toContain('Warn and continue');
    expect(text).toContain('Quantity decimal places');
    expect(text).toContain('Expiry warning');
    expect(text).toContain('Save');
  });

  it('a reader without the option code sees the options but no save', () => {
    const text = render([INV_BASE_CODES.store]);
    expect(text).toContain('Moving average');
    expect(text).not.toContain('Save');
  });
});

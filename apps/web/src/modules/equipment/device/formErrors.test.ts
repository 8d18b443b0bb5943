import { describe, expect, it } from 'vitest';
import { formErrorsOf } from './formErrors';

describe('formErrorsOf', () => {
  it('places schema errors on their fields, settings under config', () => {
    expect(
      formErrorsOf(
        'error.validation',
        'Invalid request: body.eui: serial: 4 to 64 letters; body.config.highLevelCm: high − low ≥ 10',
      ),
    ).toEqual({
      fields: [
        { name: ['eui'], errors: ['serial: 4 to 64 letters'] },
        { name: ['config', 'highLevelCm'], errors: ['high − low ≥ 10'] },
      ],
      rest: null,
    });
  });

  it('keeps the whole text when some paths are not form fields', () => {
    const r = formErrorsOf(
      'error.validation',
      'Invalid request: body.name: too long; body.deviceType: unknown',
    );
    expect(r.fields).toEqual([{ name: ['name'], errors: ['too long'] }]);
    expect(r.rest).toContain('deviceType');
  });

  it('maps service refusals by their code', () => {
    expect(formErrorsOf('wfpe.device.euiTaken', '序列号已存在').fields).toEqual([
      { name: ['eui'], errors: ['序列号已存在'] },
    ]);
    expect(formErrorsOf('wfpe.device.landNotInArea', 'x').fields[0]?.name).toEqual(['landId']);
    expect(formErrorsOf('wfpe.device.parentInvalid', 'x').fields[0]?.name).toEqual(['parentId']);
    expect(formErrorsOf('wfpe.device.areaNotFound', 'x').fields[0]?.name).toEqual(['areaId']);
  });

  it('puts a refused type setting on its field', () => {
    expect(
      formErrorsOf('wfpe.device.configInvalid', 'Invalid device settings: highLevelCm: high − low ≥ 10'),
    ).toEqual({
      fields: [{ name: ['config', 'highLevelCm'], errors: ['high − low ≥ 10'] }],
      rest: null,
    });
    expect(formErrorsOf('wfpe.device.configInvalid', '设备参数不正确：invalid').rest).toBe(
      '设备参数不正确：invalid',
    );
  });

  it('shows anything else above the form', () => {
    expect(formErrorsOf('wfpe.device.latLngPair', 'Give both latitude and longitude').rest).toBe(
      'Give both latitude and longitude',
    );
    expect(formErrorsOf('error.stale', 'changed by someone else')).toEqual({
      fields: [],
      rest: 'changed by someone else',
    });
  });
});

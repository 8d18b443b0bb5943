import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgriInput, agriHarness, type ErrorBody, type Page } from './agri-helpers.js';

let h: Awaited<ReturnType<typeof agriHarness>>;
beforeAll(async () => {
  h = await agriHarness();
});
afterAll(async () => {
  await h.s.close();
});

const valid = {
  inputName: '复合肥 15-15-15',
  inputCode: 'FERT_151515',
  category: 'fertilizer',
  registrationNo: 'GD-2019-0001',
  manufacturer: '史丹利农业集团',
  specification: '50kg/袋',
  unit: '袋',
  price: 185.5,
};

const count = async () =>
  (await h.ok<Page<AgriInput>>('viewer', 'GET', 'agricultural/input?size=0')).totalElements;

describe('agricultural input catalogue', () => {
  it('creates, reads, lists with filters and edits an input', async () => {
    const created = await h.ok<AgriInput>('admin', 'POST', 'agricultural/input', valid);
    expect(created).toMatchObject({ ...valid, enabledFlag: 1, objectVersionNumber: 1, description: null });
    expect(await h.ok('viewer', 'GET', `agricultural/input/${created.inputId}`)).toEqual(created);

    await h.input({
      inputName: '黄瓜种子 津优1号',
      inputCode: 'SEED_CUKE',
      category: 'seed',
      enabledFlag: 0,
    });
    const byName = await h.ok<Page<AgriInput>>('viewer', 'GET', 'agricultural/input?inputName=复合');
    expect(byName.content.map((i) => i.inputCode)).toEqual(['FERT_151515']);
    const byCode = await h.ok<Page<AgriInput>>('viewer', 'GET', 'agricultural/input?inputCode=cuke');
    expect(byCode.content.map((i) => i.inputCode)).toEqual(['SEED_CUKE']);
    const disabled = await h.ok<Page<AgriInput>>('viewer', 'GET', 'agricultural/input?enabledFlag=0');
    expect(disabled.content.every((i) => i.enabledFlag === 0)).toBe(true);
    const fert = await h.ok<Page<AgriInput>>('viewer', 'GET', 'agricultural/input?category=fertilizer');
    expect(fert.content.map((i) => i.inputCode)).toEqual(['FERT_151515']);
    const paged = await h.ok<Page<AgriInput>>('viewer', 'GET', 'agricultural/input?page=0&size=1');
    expect(paged).toMatchObject({ size: 1, number: 0, totalElements: 2, totalPages: 2 });
    expect(paged.content).toHaveLength(1);

    const edited = await h.ok<AgriInput>('admin', 'PUT', 'agricultural/input', {
      ...valid,
      inputId: created.inputId,
      objectVersionNumber: 1,
      price: 99999,
      enabledFlag: 0,
    });
    expect(edited).toMatchObject({ price: 99999, enabledFlag: 0, objectVersionNumber: 2 });
  });

  it('refuses bad fields with a 400 naming the problem, and stores nothing', async () => {
    const before = await count();
    const bad: [string, Record<string, unknown>][] = [
      ['blank name', { inputName: '   ' }],
      ['code with a hyphen', { inputCode: 'FERT-1' }],
      ['code with Chinese', { inputCode: '肥料' }],
      ['unknown category', { category: 'tractor' }],
      ['missing unit', { unit: '' }],
      ['registration with a space', { registrationNo: 'PD 2005' }],
      ['registration too long', { registrationNo: 'P'.repeat(41) }],
      ['negative price', { price: -1 }],
      ['price above 99999', { price: 100000 }],
      ['three-decimal price', { price: 1.005 }],
      ['price as text', { price: '12' }],
    ];
    for (const [label, change] of bad) {
      const res = await h.call('admin', 'POST', 'agricultural/input', {
        ...valid,
        inputCode: 'NEW_ONE',
        ...change,
      });
      expect(res.statusCode, label).toBe(400);
      expect((res.json() as ErrorBody).message, label).toBeTruthy();
    }
    for (const category of ['pesticide', 'fertilizer']) {
      const res = await h.call('admin', 'POST', 'agricultural/input', {
        ...valid,
        inputCode: 'NO_REG',
        category,
        registrationNo: '',
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorBody).code).toBe('wfpf.agricultural.registrationRequired');
    }
    expect(await count()).toBe(before);
    // Other categories need no registration number; a price of 0 and 2 decimals are fine.
    await h.ok('admin', 'POST', 'agricultural/input', {
      inputName: '地膜',
      inputCode: 'FILM_1',
      category: 'film',
      unit: '卷',
      price: 0,
    });
    await h.ok('admin', 'POST', 'agricultural/input', {
      inputName: '鱼饲料',
      inputCode: 'FEED_1',
      category: 'feed',
      unit: 'kg',
      price: 4.35,
    });
  });

  it('a duplicate code is a 409 (also on edit)', async () => {
    const a = await h.input({ inputCode: 'DUP_A' });
    const dup = await h.call('admin', 'POST', 'agricultural/input', { ...valid, inputCode: 'DUP_A' });
    expect(dup.statusCode).toBe(409);
    expect((dup.json() as ErrorBody).code).toBe('wfpf.agricultural.codeExists');
    const b = await h.input({ inputCode: 'DUP_B' });
    const edit = await h.call('admin', 'PUT', 'agricultural/input', {
      inputId: b.inputId,
      objectVersionNumber: b.objectVersionNumber,
      inputName: b.inputName,
      inputCode: a.inputCode,
      category: 'seed',
      unit: 'kg',
    });
    expect(edit.statusCode).toBe(409);
    // Another tenant may use the same code.
    await h.input({ inputCode: 'DUP_A' }, h.tB);
  });

  it('the same name and specification twice is a 409', async () => {
    await h.input({ inputName: '草铵膦', specification: null });
    const res = await h.call('admin', 'POST', 'agricultural/input', {
      inputName: '草铵膦',
      inputCode: 'GLUF_2',
      category: 'other',
      unit: 'L',
    });
    expect(res.statusCode).toBe(409);
    expect((res.json() as ErrorBody).code).toBe('wfpf.agricultural.nameExists');
    await h.input({ inputName: '草铵膦', specification: '5L/桶' });
  });

  it('a stale objectVersionNumber is a 409 and changes nothing', async () => {
    const a = await h.input();
    const body = { ...valid, inputCode: a.inputCode, inputId: a.inputId, objectVersionNumber: 1 };
    await h.ok('admin', 'PUT', 'agricultural/input', { ...body, inputName: 'first' });
    const stale = await h.call('admin', 'PUT', 'agricultural/input', { ...body, inputName: 'second' });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as ErrorBody).code).toBe('error.objectVersionNumber.stale');
    expect((await h.ok<AgriInput>('viewer', 'GET', `agricultural/input/${a.inputId}`)).inputName).toBe(
      'first',
    );
  });

  it('deletes an unused input; one with stock or movements is refused (disable instead)', async () => {
    const unused = await h.input();
    expect(await h.ok('admin', 'DELETE', `agricultural/input/${unused.inputId}`)).toEqual({ success: true });
    expect((await h.call('viewer', 'GET', `agricultural/input/${unused.inputId}`)).statusCode).toBe(404);

    const used = await h.input();
    const base = await h.area('Input base');
    await h.ok('admin', 'POST', 'agricultural/warehousing', {
      areaId: base,
      docDate: '2025-03-01',
      lines: [{ inputId: used.inputId, quantity: 5 }],
    });
    const refused = await h.call('admin', 'DELETE', `agricultural/input/${used.inputId}`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as ErrorBody).code).toBe('wfpf.agricultural.inputInUse');
    expect((await h.call('viewer', 'GET', `agricultural/input/${used.inputId}`)).statusCode).toBe(200);
  });

  it('viewers read but may not write (403); the operator may', async () => {
    const a = await h.input();
    const body = { ...valid, inputCode: 'VIEWER_1' };
    expect((await h.call('viewer', 'POST', 'agricultural/input', body)).statusCode).toBe(403);
    expect(
      (
        await h.call('viewer', 'PUT', 'agricultural/input', {
          ...body,
          inputId: a.inputId,
          objectVersionNumber: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await h.call('viewer', 'DELETE', `agricultural/input/${a.inputId}`)).statusCode).toBe(403);
    await h.ok('operator', 'POST', 'agricultural/input', {
      ...body,
      inputName: '尿素',
      inputCode: 'OPERATOR_1',
    });
  });

  it("another tenant sees nothing of A's inputs (404) and cannot change them", async () => {
    const a = await h.input({ inputName: 'SECRET A input' });
    const listB = await h.ok<Page<AgriInput>>('adminB', 'GET', 'agricultural/input?size=0', undefined, h.tB);
    expect(JSON.stringify(listB)).not.toContain('SECRET A');
    expect(
      (await h.call('adminB', 'GET', `agricultural/input/${a.inputId}`, undefined, h.tB)).statusCode,
    ).toBe(404);
    const put = await h.call(
      'adminB',
      'PUT',
      'agricultural/input',
      { ...valid, inputCode: 'HIJACK', inputId: a.inputId, objectVersionNumber: 1 },
      h.tB,
    );
    expect(put.statusCode).toBe(404);
    expect(
      (await h.call('adminB', 'DELETE', `agricultural/input/${a.inputId}`, undefined, h.tB)).statusCode,
    ).toBe(404);
    expect((await h.call('adminB', 'GET', 'agricultural/input', undefined, h.tA)).statusCode).toBe(403);
    expect((await h.ok<AgriInput>('viewer', 'GET', `agricultural/input/${a.inputId}`)).inputName).toBe(
      'SECRET A input',
    );
  });
});

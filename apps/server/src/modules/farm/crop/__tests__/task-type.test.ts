import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/harness.js';
import { type Catalogue, type ErrBody, type PageBody, startCatalogue } from './catalogue.helpers.js';

interface TaskTypeBody {
  taskTypeId: number;
  typeName: string;
  typeCode: string | null;
  color: string | null;
  description: string | null;
  enabledFlag: 0 | 1;
  objectVersionNumber: number;
  creationDate: string;
}

let c: Catalogue;
beforeAll(async () => {
  c = await startCatalogue();
});
afterAll(async () => {
  await c?.s.close();
});

const types = (query = '') => c.all<TaskTypeBody>('task-type/page', query);
const byName = async (name: string): Promise<TaskTypeBody> => {
  const found = (await types()).find((t) => t.typeName === name);
  if (!found) throw new Error(`no task type ${name}`);
  return found;
};

describe('task types', () => {
  it('creates a task type (colour in lower case) and answers it to any member', async () => {
    const res = await c.call('admin', 'POST', 'task-type', {
      typeName: ' 播种 ',
      typeCode: 'SOWING',
      color: '#52C41A',
      description: 'Sowing',
    });
    expect(res.statusCode, res.body).toBe(200);
    const t = json<TaskTypeBody>(res);
    expect(t).toMatchObject({
      typeName: '播种',
      typeCode: 'SOWING',
      color: '#52c41a',
      description: 'Sowing',
      enabledFlag: 1,
      objectVersionNumber: 1,
    });
    const one = await c.call('viewer', 'GET', `task-type/${t.taskTypeId}`);
    expect(json<TaskTypeBody>(one)).toEqual(t);
    const minimal = await c.call('admin', 'POST', 'task-type', { typeName: 'Harvest' });
    expect(json<TaskTypeBody>(minimal)).toMatchObject({ typeCode: null, color: null, description: null });
  });

  it.each([
    ['a blank name', { typeName: ' ' }, 'typeName'],
    ['a 31-character name', { typeName: 't'.repeat(31) }, 'typeName: text too long'],
    ['a code with a dot', { typeName: 'Ok', typeCode: 'A.B' }, 'typeCode: only English letters'],
    ['a 31-character code', { typeName: 'Ok', typeCode: 'C'.repeat(31) }, 'typeCode'],
    ['a colour name', { typeName: 'Ok', color: 'red' }, 'color: must be a colour #rrggbb'],
    ['a short colour', { typeName: 'Ok', color: '#fff' }, 'color'],
    ['a colour that is not hex', { typeName: 'Ok', color: '#gggggg' }, 'color'],
    ['a 2001-character description', { typeName: 'Ok', description: 'd'.repeat(2001) }, 'description'],
    ['an unknown field', { typeName: 'Ok', sort: 1 }, 'sort'],
  ])('answers 400 naming the field for %s, changing nothing', async (_what, payload, field) => {
    const before = (await types()).length;
    const res = await c.call('admin', 'POST', 'task-type', payload);
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain(field);
    expect(await types()).toHaveLength(before);
  });

  it('accepts a 30-character name and code', async () => {
    const res = await c.call('admin', 'POST', 'task-type', {
      typeName: 'n'.repeat(30),
      typeCode: 'C'.repeat(30),
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await c.call('admin', 'DELETE', `task-type/${json<TaskTypeBody>(res).taskTypeId}`)).statusCode,
    ).toBe(200);
  });

  it('answers 409 naming a duplicate name or code', async () => {
    const name = await c.call('admin', 'POST', 'task-type', { typeName: '播种' });
    expect(name.statusCode).toBe(409);
    expect(json<ErrBody>(name)).toMatchObject({
      code: 'wfpf.taskType.nameExists',
      message: 'A task type named "播种" already exists',
    });
    const code = await c.call('admin', 'POST', 'task-type', { typeName: 'Seeding', typeCode: 'SOWING' });
    expect(code.statusCode).toBe(409);
    expect(json<ErrBody>(code)).toMatchObject({ code: 'wfpf.taskType.codeExists' });
  });

  it('refuses writes without the task-type codes (operator, viewer) with 403', async () => {
    const t = await byName('播种');
    for (const who of ['operator', 'viewer'] as const) {
      expect((await c.call(who, 'POST', 'task-type', { typeName: 'Mine' })).statusCode).toBe(403);
      const put = await c.call(who, 'PUT', 'task-type', {
        taskTypeId: t.taskTypeId,
        objectVersionNumber: t.objectVersionNumber,
        typeName: 'Mine',
      });
      expect(put.statusCode).toBe(403);
      expect((await c.call(who, 'DELETE', `task-type/${t.taskTypeId}`)).statusCode).toBe(403);
    }
    expect(await byName('播种')).toEqual(t);
  });

  it('updates with the current version; stale, unknown and clashing updates change nothing', async () => {
    const t = await byName('播种');
    const ok = await c.call('admin', 'PUT', 'task-type', {
      taskTypeId: t.taskTypeId,
      objectVersionNumber: t.objectVersionNumber,
      typeName: '播种',
      color: '#1890FF',
      enabledFlag: 0,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const updated = json<TaskTypeBody>(ok);
    expect(updated).toMatchObject({
      color: '#1890ff',
      enabledFlag: 0,
      typeCode: 'SOWING',
      objectVersionNumber: 2,
    });
    const stale = await c.call('admin', 'PUT', 'task-type', {
      taskTypeId: t.taskTypeId,
      objectVersionNumber: t.objectVersionNumber,
      typeName: 'Stale',
    });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrBody>(stale).code).toBe('error.objectVersionNumber.stale');
    const clash = await c.call('admin', 'PUT', 'task-type', {
      taskTypeId: t.taskTypeId,
      objectVersionNumber: updated.objectVersionNumber,
      typeName: 'Harvest',
    });
    expect(clash.statusCode).toBe(409);
    const missing = await c.call('admin', 'PUT', 'task-type', {
      taskTypeId: 987_654,
      objectVersionNumber: 1,
      typeName: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(await byName('播种')).toEqual(updated);
  });

  it('lists in creation order, filtered by name and flag, paged', async () => {
    expect((await types()).map((t) => t.typeName)).toEqual(['播种', 'Harvest']);
    expect((await types('&typeName=HARV')).map((t) => t.typeName)).toEqual(['Harvest']);
    expect((await types('&enabledFlag=0')).map((t) => t.typeName)).toEqual(['播种']);
    const p = json<PageBody<TaskTypeBody>>(await c.call('viewer', 'GET', 'task-type/page?page=1&size=1'));
    expect(p).toMatchObject({ number: 1, size: 1, totalElements: 2, totalPages: 2 });
    expect(p.content.map((t) => t.typeName)).toEqual(['Harvest']);
  });

  it("keeps task types per tenant: B neither sees nor changes A's", async () => {
    const t = await byName('播种');
    const bList = await c.call('adminB', 'GET', 'task-type/page', undefined, c.tB);
    expect(json<PageBody<TaskTypeBody>>(bList).totalElements).toBe(0);
    expect((await c.call('adminB', 'GET', `task-type/${t.taskTypeId}`, undefined, c.tB)).statusCode).toBe(
      404,
    );
    const put = await c.call(
      'adminB',
      'PUT',
      'task-type',
      { taskTypeId: t.taskTypeId, objectVersionNumber: t.objectVersionNumber, typeName: 'hijacked' },
      c.tB,
    );
    expect(put.statusCode).toBe(404);
    expect((await c.call('adminB', 'DELETE', `task-type/${t.taskTypeId}`, undefined, c.tB)).statusCode).toBe(
      404,
    );
    expect((await c.call('adminB', 'GET', 'task-type/page')).statusCode).toBe(403);
    expect(await byName('播种')).toEqual(t);
  });

  it('deletes a task type', async () => {
    const t = await byName('Harvest');
    expect((await c.call('admin', 'DELETE', `task-type/${t.taskTypeId}`)).statusCode).toBe(200);
    expect((await c.call('admin', 'GET', `task-type/${t.taskTypeId}`)).statusCode).toBe(404);
    expect((await c.call('admin', 'DELETE', `task-type/${t.taskTypeId}`)).statusCode).toBe(404);
  });
});

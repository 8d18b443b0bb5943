import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  RATE_LIMITS_LIFTED,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

// Issue 13 item 3: importing users from the Excel template (all or nothing) and exporting the list.

let s: TestServer;
let admin: Record<string, string>;
let A: number;

interface UserView {
  id: number;
  roleIds: number[];
}
interface Page<T> {
  content: T[];
  totalElements: number;
}

const roleId = async (code: string) => {
  const roles = json<{ id: number; code: string }[]>(
    await s.inject({ method: 'GET', url: `/iam/v1/${A}/roles`, headers: admin }),
  );
  const r = roles.find((x) => x.code === code);
  if (!r) throw new Error(`no role ${code}`);
  return r.id;
};

const list = async (query = '') =>
  json<Page<UserView>>(await s.inject({ method: 'GET', url: `/iam/v1/${A}/users?${query}`, headers: admin }));

const xlsx = async (rows: string[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Users');
  ws.addRow(['Name', 'Phone', 'Roles', 'Password']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const upload = (bytes: Buffer, headers = admin) => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), 'users.xlsx');
  return s.inject({
    method: 'POST',
    url: `/iam/v1/${A}/users/import`,
    headers: { ...headers, 'accept-language': 'en-US' },
    payload: fd,
  });
};

beforeAll(async () => {
  // Every imported user signs in once from the same address.
  s = await startTestServer(RATE_LIMITS_LIFTED);
  admin = auth(await login(s, 'adminA'));
  A = s.fixtures.tenantA;
  const taken = await s.inject({
    method: 'POST',
    url: `/iam/v1/${A}/users`,
    headers: admin,
    payload: { realName: 'Already here', phone: '13700000001', password: 'Start123' },
  });
  expect(taken.statusCode).toBe(200);
});
afterAll(async () => {
  await s.close();
});

describe('import and export', () => {
  it('downloads the template', async () => {
    const res = await s.inject({ method: 'GET', url: `/iam/v1/${A}/users/import-template`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(1).cellCount).toBe(4);
  });

  it('imports nothing when any row is bad, and answers each bad row with its reason', async () => {
    const before = (await list()).totalElements;
    const res = await upload(
      await xlsx([
        ['Good One', '13600000001', 'Viewer', 'Start123'],
        ['', '13600000002', '', 'Start123'],
        ['Bad Phone', '1360', '', 'Start123'],
        ['Dup', '13600000001', 'No such role', 'Start123'],
        ['Weak', '13600000005', '', 'abcdefgh'],
        ['Taken', '13700000001', '', 'Start123'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<{ imported: number; rejected: { row: number; field: string; message: string }[] }>(
      res,
    );
    expect(answer.imported).toBe(0);
    expect(answer.rejected.map((r) => `${r.row}:${r.field}`)).toEqual([
      '3:realName',
      '4:phone',
      '5:phone',
      '5:roles',
      '6:password',
      '7:phone',
    ]);
    expect(answer.rejected.find((r) => r.row === 5 && r.field === 'phone')?.message).toContain('row 2');
    expect((await list()).totalElements).toBe(before);
  });

  it('imports every row of a good file in one go, with roles by name', async () => {
    const before = (await list()).totalElements;
    const res = await upload(
      await xlsx([
        ['Imported One', '13600000011', 'Viewer, 农场操作员', 'Start123'],
        ['Imported Two', '13600000012', '', 'Start456'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ imported: number }>(res).imported).toBe(2);
    expect((await list()).totalElements).toBe(before + 2);
    const one = (await list('phone=13600000011')).content[0];
    expect(one?.roleIds.sort()).toEqual([await roleId('viewer'), await roleId('farm-operator')].sort());
    expect(await login(s, '13600000012', 'Start456')).toBeTruthy();
  });

  it('refuses a file that is not a workbook, and a viewer', async () => {
    const junk = await upload(Buffer.from('not a spreadsheet'));
    expect(junk.statusCode).toBe(400);
    const viewer = auth(await login(s, 'viewerA'));
    expect((await upload(await xlsx([]), viewer)).statusCode).toBe(403);
  });

  it('exports the filtered list', async () => {
    const res = await s.inject({
      method: 'GET',
      url: `/iam/v1/${A}/users/export?realName=Imported`,
      headers: { ...admin, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(3);
    expect(String(ws?.getRow(2).getCell(1).value)).toBe('Imported One');
  });
});

import { requiredText } from '@tilth/contracts/common.types';
import { generalPassword, phoneSchema } from '@tilth/contracts/identity.types';
import type { ImportAnswer } from '@tilth/contracts/users.types';
import { hashPassword } from '../../../platform/auth/password.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { AccessService } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { MemberErrors } from './member.errors.js';
import { accountsByPhones } from './member.repository.js';
import { MemberService } from './member.service.js';
import { MAX_IMPORT_ROWS, readImport } from './member.xlsx.js';

type Reason =
  | 'required'
  | 'tooLong'
  | 'phone'
  | 'duplicate'
  | 'registered'
  | 'unknownRole'
  | 'password'
  | 'empty';
const REASONS: Record<Reason, Record<Lang, string>> = {
  required: { 'zh-CN': '必填', 'en-US': 'required' },
  tooLong: { 'zh-CN': '不能超过 60 个字符', 'en-US': 'at most 60 characters' },
  phone: { 'zh-CN': '手机号须为 1 开头的 11 位数字', 'en-US': 'must be 11 digits starting with 1' },
  duplicate: { 'zh-CN': '与第 {row} 行重复', 'en-US': 'same phone as row {row}' },
  registered: {
    'zh-CN': '该手机号已有账号，请用"添加已有用户"',
    'en-US': 'this phone already has an account; use "Add existing user"',
  },
  unknownRole: { 'zh-CN': '没有名为"{name}"的角色', 'en-US': 'no role named "{name}"' },
  password: {
    'zh-CN': '密码须为 6–20 位，且包含字母、数字、符号中的至少两种',
    'en-US': '6–20 characters of at least two kinds of letters, digits and symbols',
  },
  empty: { 'zh-CN': '文件中没有数据行', 'en-US': 'the file has no data rows' },
};

/** Imports users from the template: every row valid, or nothing imported and each bad row answered. */
export class MemberImport {
  async run(ctx: Ctx, data: Buffer): Promise<ImportAnswer> {
    requireAccess(ctx, 'wfpf.company.system.user-manage.ps.create');
    requireTenant(ctx);
    const tenantId = ctx.tenantId;
    const rows = await readImport(data);
    if (!rows) throw MemberErrors.notSpreadsheet();
    if (rows.length > MAX_IMPORT_ROWS) throw MemberErrors.tooManyRows({ max: MAX_IMPORT_ROWS });
    const say = (r: Reason, p: Record<string, string | number> = {}) =>
      REASONS[r][ctx.lang].replace(/\{(\w+)\}/g, (_, k: string) => String(p[k] ?? ''));
    if (rows.length === 0)
      return { imported: 0, rejected: [{ row: 1, field: 'file', message: say('empty') }] };

    const { roles, taken } = await ctx.transact(async (db) => ({
      roles: await AccessService.roleNames(db),
      taken: await accountsByPhones(
        db,
        rows.map((r) => r.phone),
      ),
    }));
    const roleByName = new Map<string, number>();
    for (const r of roles)
      for (const n of [r.nameZh, r.nameEn, r.code]) roleByName.set(n.toLowerCase(), r.id);

    const rejected: ImportAnswer['rejected'] = [];
    const firstRowOf = new Map<string, number>();
    const good: { realName: string; phone: string; password: string; roleIds: number[] }[] = [];
    for (const r of rows) {
      const before = rejected.length;
      const reject = (field: string, reason: Reason, p?: Record<string, string | number>) =>
        rejected.push({ row: r.row, field, message: say(reason, p) });
      const name = requiredText(60).safeParse(r.realName);
      if (!name.success) reject('realName', r.realName === '' ? 'required' : 'tooLong');
      if (!phoneSchema.safeParse(r.phone).success) reject('phone', r.phone === '' ? 'required' : 'phone');
      else if (firstRowOf.has(r.phone)) reject('phone', 'duplicate', { row: firstRowOf.get(r.phone) ?? 0 });
      else if (taken.has(r.phone)) reject('phone', 'registered');
      if (!firstRowOf.has(r.phone)) firstRowOf.set(r.phone, r.row);
      const roleIds: number[] = [];
      for (const n of r.roles) {
        const id = roleByName.get(n.toLowerCase());
        if (id === undefined) reject('roles', 'unknownRole', { name: n });
        else roleIds.push(id);
      }
      if (r.password === '') reject('password', 'required');
      else if (!generalPassword.safeParse(r.password).success) reject('password', 'password');
      if (rejected.length === before && name.success)
        good.push({ realName: name.data, phone: r.phone, password: r.password, roleIds });
    }
    if (rejected.length > 0) return { imported: 0, rejected };

    // Hashing is slow on purpose; it happens before the transaction so the tenant's rows are not held.
    const hashed: ((typeof good)[number] & { passwordHash: string })[] = [];
    for (const g of good) hashed.push({ ...g, passwordHash: await hashPassword(g.password) });
    await ctx.transact(async (db) => {
      await MemberService.addImported(db, tenantId, hashed);
      // One entry per import: the count and the names, not a line per row.
      await recordAudit(
        { ...ctx, db },
        {
          action: 'user.import',
          targetType: 'user',
          after: { count: hashed.length, phones: hashed.slice(0, 20).map((h) => h.phone) },
        },
      );
    });
    return { imported: hashed.length, rejected: [] };
  }
}

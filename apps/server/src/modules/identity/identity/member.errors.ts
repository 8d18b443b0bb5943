import { defineErrors } from '../../../platform/errors.js';

/** User administration of a tenant (issue 13 item 3). */
export const MemberErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'hiam.warn.user.notFound',
    message: { 'zh-CN': '该企业下没有这个用户', 'en-US': 'No such user in this enterprise' },
  },
  phoneRegistered: {
    status: 409,
    code: 'hiam.warn.user.phoneRegistered',
    message: {
      'zh-CN': '该手机号已注册，请使用"添加已有用户"',
      'en-US': 'This phone number already has an account; use "Add existing user"',
    },
  },
  noAccountForPhone: {
    status: 404,
    code: 'hiam.warn.user.noAccountForPhone',
    message: { 'zh-CN': '没有使用该手机号的账号', 'en-US': 'No account uses this phone number' },
  },
  alreadyMember: {
    status: 409,
    code: 'hiam.warn.user.alreadyMember',
    message: { 'zh-CN': '该用户已在本企业中', 'en-US': 'This user already belongs to this enterprise' },
  },
  sharedAccount: {
    status: 400,
    code: 'hiam.warn.user.sharedAccount',
    message: {
      'zh-CN': '该账号同时属于其他企业，不能在此修改其手机号或设置密码，请改用短信重置',
      'en-US':
        'This account also belongs to other enterprises: its phone and password cannot be set here; use the SMS reset',
    },
  },
  noPhone: {
    status: 400,
    code: 'hiam.warn.user.noPhone',
    message: {
      'zh-CN': '该用户没有手机号，无法发送短信',
      'en-US': 'This user has no phone number for an SMS',
    },
  },
  notYourself: {
    status: 400,
    code: 'hiam.warn.user.notYourself',
    message: {
      'zh-CN': '不能停用或移除自己',
      'en-US': 'You cannot disable or remove yourself',
    },
  },
  notSpreadsheet: {
    status: 400,
    code: 'hiam.warn.user.importNotXlsx',
    message: {
      'zh-CN': '请上传由模板填写的 Excel（.xlsx）文件',
      'en-US': 'Upload an Excel (.xlsx) file filled in from the template',
    },
  },
  tooManyRows: {
    status: 400,
    code: 'hiam.warn.user.importTooManyRows',
    message: { 'zh-CN': '一次最多导入 {max} 行', 'en-US': 'At most {max} rows can be imported at once' },
  },
});

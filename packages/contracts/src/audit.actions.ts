// The one map of audit action codes → sentences, in both languages (the log page and the export). {target}
// is the target's name; an unknown code is shown as itself (auditActionText).

type Texts = { 'zh-CN': string; 'en-US': string };
const t = (zh: string, en: string): Texts => ({ 'zh-CN': zh, 'en-US': en });

export const AUDIT_ACTIONS: Readonly<Record<string, Texts>> = {
  'auth.sign-in': t('登录', 'Signed in'),
  'auth.sign-in-failed': t('登录失败（{target}）', 'Failed to sign in ({target})'),
  'auth.logout': t('退出登录', 'Signed out'),
  'user.create': t('新增用户「{target}」', 'Added user "{target}"'),
  'user.add-existing': t('添加已有用户「{target}」', 'Added existing user "{target}"'),
  'user.update': t('编辑用户「{target}」', 'Edited user "{target}"'),
  'user.enable': t('启用用户「{target}」', 'Enabled user "{target}"'),
  'user.disable': t('停用用户「{target}」', 'Disabled user "{target}"'),
  'user.password-reset': t('重置用户「{target}」的密码', 'Reset the password of "{target}"'),
  'user.delete': t('移除用户「{target}」', 'Removed user "{target}"'),
  'user.import': t('导入用户', 'Imported users'),
  'user.roles': t('设置用户「{target}」的角色', 'Set the roles of "{target}"'),
  'user.units': t('设置用户的所属组织', "Set a user's units"),
  'role.create': t('新增角色「{target}」', 'Added role "{target}"'),
  'role.copy': t('复制角色为「{target}」', 'Copied a role as "{target}"'),
  'role.update': t('编辑角色「{target}」', 'Edited role "{target}"'),
  'role.permissions': t('修改角色「{target}」的权限', 'Changed the permissions of role "{target}"'),
  'role.delete': t('删除角色「{target}」', 'Deleted role "{target}"'),
  'unit.create': t('新增组织「{target}」', 'Added unit "{target}"'),
  'unit.rename': t('重命名组织为「{target}」', 'Renamed a unit to "{target}"'),
  'unit.head': t('更换组织「{target}」的负责人', 'Changed the head of "{target}"'),
  'unit.update': t('编辑组织「{target}」', 'Edited unit "{target}"'),
  'unit.move': t('移动组织「{target}」', 'Moved unit "{target}"'),
  'unit.delete': t('删除组织「{target}」', 'Deleted unit "{target}"'),
  'unit.members': t('设置组织「{target}」的成员', 'Set the staff of "{target}"'),
  'company.create': t('新增企业「{target}」', 'Added company "{target}"'),
  'company.update': t('编辑企业「{target}」', 'Edited company "{target}"'),
  'company.delete': t('删除企业「{target}」', 'Deleted company "{target}"'),
  'tenant.settings': t('修改企业设置', 'Changed the tenant settings'),
  'base.create': t('新增基地「{target}」', 'Added base "{target}"'),
  'base.update': t('编辑基地「{target}」', 'Edited base "{target}"'),
  'base.delete': t('删除基地「{target}」', 'Deleted base "{target}"'),
  'crop.delete': t('删除作物「{target}」', 'Deleted crop "{target}"'),
  'variety.delete': t('删除品种「{target}」', 'Deleted variety "{target}"'),
  'task-type.delete': t('删除任务类型「{target}」', 'Deleted task type "{target}"'),
  // Recorded by the other parts of issue 13 (applications, data push, tenants, data scope).
  'application.create': t('新增应用「{target}」', 'Added application "{target}"'),
  'application.update': t('编辑应用「{target}」', 'Edited application "{target}"'),
  'application.rotate': t('重置应用「{target}」的密钥', 'Rotated the secret of "{target}"'),
  'application.revoke': t('吊销应用「{target}」', 'Revoked application "{target}"'),
  'application.delete': t('删除应用「{target}」', 'Deleted application "{target}"'),
  'push.create': t('新增数据推送「{target}」', 'Added data push "{target}"'),
  'push.update': t('编辑数据推送「{target}」', 'Edited data push "{target}"'),
  'push.delete': t('删除数据推送「{target}」', 'Deleted data push "{target}"'),
  'push.test': t('测试数据推送「{target}」', 'Tested data push "{target}"'),
  'approval-flow.create': t('新增审批流程「{target}」', 'Added approval flow "{target}"'),
  'approval-flow.update': t('编辑审批流程「{target}」', 'Edited approval flow "{target}"'),
  'approval-flow.copy': t('复制审批流程为「{target}」', 'Copied an approval flow as "{target}"'),
  'approval-flow.enable': t('启用审批流程「{target}」', 'Enabled approval flow "{target}"'),
  'approval-flow.disable': t('停用审批流程「{target}」', 'Disabled approval flow "{target}"'),
  'approval-flow.delete': t('删除审批流程「{target}」', 'Deleted approval flow "{target}"'),
  'tenant.create': t('新增租户「{target}」', 'Added tenant "{target}"'),
  'tenant.update': t('编辑租户「{target}」', 'Edited tenant "{target}"'),
  'tenant.disable': t('停用租户「{target}」', 'Disabled tenant "{target}"'),
  'tenant.enable': t('启用租户「{target}」', 'Enabled tenant "{target}"'),
  'approval.approve': t('审批通过「{target}」', 'Approved "{target}"'),
  'approval.reject': t('审批驳回「{target}」', 'Rejected "{target}"'),
  'approval.transfer': t('转交审批「{target}」', 'Transferred the approval of "{target}"'),
  'approval.add-signer': t('为「{target}」加签', 'Added signers to "{target}"'),
  'approval.withdraw': t('撤回审批「{target}」', 'Withdrew "{target}"'),
  'role.data-scope': t('修改角色「{target}」的数据范围', 'Changed the data scope of role "{target}"'),
  // Approvals (issue 14): settings.
  'approval-binding.update': t('修改「{target}」的审批流程', 'Changed the approval flow of "{target}"'),
};

/** The sentence of an entry in a language; an unknown action reads as its code (and the target, if any). */
export const auditActionText = (action: string, target: string | null, lang: 'zh-CN' | 'en-US'): string => {
  const texts = Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action] : undefined;
  if (!texts) return target ? `${action} ${target}` : action;
  return texts[lang].replace('{target}', target ?? '');
};

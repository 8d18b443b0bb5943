import { defineErrors } from '../../../platform/errors.js';

// Spec 03 §5 wording where the spec speaks; each rule names the field it refuses.
export const OrganizationErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.organization.notFound',
    message: { 'zh-CN': '组织不存在或已被删除', 'en-US': 'No such organisation unit, or it was deleted' },
  },
  parentNotFound: {
    status: 400,
    code: 'wfpf.organization.parentNotFound',
    message: { 'zh-CN': 'parentId：上级组织不存在', 'en-US': 'parentId: no such organisation unit' },
  },
  departmentParent: {
    status: 400,
    code: 'wfpf.organization.departmentParent',
    message: {
      'zh-CN': 'parentId：部门只能隶属于公司、基地或部门',
      'en-US': 'parentId: a department can only belong to a company, base or department',
    },
  },
  companyParent: {
    status: 400,
    code: 'wfpf.organization.companyParent',
    message: {
      'zh-CN': 'parentId：公司或基地只能隶属于集团或公司',
      'en-US': 'parentId: a company or base can only belong to an enterprise or company',
    },
  },
  cycle: {
    status: 400,
    code: 'wfpf.organization.cycle',
    message: {
      'zh-CN': 'parentId：不能移动到自身或其下级组织下',
      'en-US': 'parentId: a unit cannot be moved under itself or its descendants',
    },
  },
  enterpriseFixed: {
    status: 409,
    code: 'wfpf.organization.enterpriseFixed',
    message: {
      'zh-CN': '集团是组织的根，不能移动或删除',
      'en-US': 'The enterprise is the root of the tree and cannot be moved or deleted',
    },
  },
  noStaffOnEnterprise: {
    status: 400,
    code: 'wfpf.organization.noStaffOnEnterprise',
    message: {
      'zh-CN': '不能直接在集团下添加人员',
      'en-US': 'Staff cannot be added directly under an enterprise',
    },
  },
  headNotMember: {
    status: 400,
    code: 'wfpf.organization.headNotMember',
    message: {
      'zh-CN': 'headUserId：负责人必须是本租户的成员',
      'en-US': 'headUserId: the head must be a member of this tenant',
    },
  },
  userNotMember: {
    status: 400,
    code: 'wfpf.organization.userNotMember',
    message: {
      'zh-CN': 'userIds：用户 {userId} 不是本租户的成员',
      'en-US': 'userIds: user {userId} is not a member of this tenant',
    },
  },
  userNotFound: {
    status: 404,
    code: 'wfpf.organization.userNotFound',
    message: { 'zh-CN': '该用户不是本租户的成员', 'en-US': 'No such member of this tenant' },
  },
  unitsNotFound: {
    status: 400,
    code: 'wfpf.organization.unitsNotFound',
    message: { 'zh-CN': 'unitIds：组织 {unitId} 不存在', 'en-US': 'unitIds: no organisation unit {unitId}' },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.organization.nameExists',
    message: {
      'zh-CN': '名称“{name}”已被同级组织使用',
      'en-US': 'The name "{name}" is already used by another unit of that kind',
    },
  },
  hasChildren: {
    status: 409,
    code: 'wfpf.organization.hasChildren',
    message: {
      'zh-CN': '“{name}”下还有 {count} 个下级组织，不能删除',
      'en-US': '"{name}" still has {count} units under it and cannot be deleted',
    },
  },
  hasStaff: {
    status: 409,
    code: 'wfpf.organization.hasStaff',
    message: {
      'zh-CN': '“{name}”下还有 {count} 名人员，请先移除',
      'en-US': '"{name}" still has {count} staff; remove them first',
    },
  },
  notCompany: {
    status: 404,
    code: 'wfpf.corporation.notFound',
    message: { 'zh-CN': '企业不存在或已被删除', 'en-US': 'No such company, or it was deleted' },
  },
  creditCodeExists: {
    status: 409,
    code: 'wfpf.corporation.creditCodeExists',
    message: {
      'zh-CN': '统一社会信用代码“{code}”已被其他企业使用',
      'en-US': 'The unified social credit code "{code}" is already used by another company',
    },
  },
});

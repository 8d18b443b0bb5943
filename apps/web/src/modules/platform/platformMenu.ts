import type { MenuNode } from '@tilth/contracts/menus';

// The platform administrator's entries in the company menu. They are not in the permission catalogue
// (no tenant role grants them: `users.platform_admin` does), so the server's menu never lists them; the
// app layer hands this function to the shell (shellPorts.extraMenu), which appends what it answers.

export const PLATFORM_PATHS = {
  tenants: '/system/platform/tenants',
  audit: '/system/platform/audit',
} as const;

const NAMES = {
  group: { 'zh-CN': '平台管理', 'en-US': 'Platform administration' },
  tenants: { 'zh-CN': '租户管理', 'en-US': 'Tenants' },
  audit: { 'zh-CN': '平台审计', 'en-US': 'Platform audit' },
} as const;

const leaf = (name: string, route: string, icon: string, viewCode: string): MenuNode => ({
  name,
  route,
  icon,
  viewCode,
  isNew: 0,
  isHot: 0,
  subMenus: [],
});

/** The platform group for platform administrators in the company module; nothing for anyone else. */
export const platformMenu = (
  module: string,
  self: { platformAdmin: boolean } | undefined,
  language: string,
): MenuNode[] => {
  if (module !== 'wfpf-company' || self?.platformAdmin !== true) return [];
  const lang = language === 'en-US' ? 'en-US' : 'zh-CN';
  return [
    {
      ...leaf(NAMES.group[lang], '/system/platform', 'CloudServerOutlined', 'platform'),
      subMenus: [
        leaf(NAMES.tenants[lang], PLATFORM_PATHS.tenants, 'BankOutlined', 'platform.tenants'),
        leaf(NAMES.audit[lang], PLATFORM_PATHS.audit, 'AuditOutlined', 'platform.audit'),
      ],
    },
  ];
};

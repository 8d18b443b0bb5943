// The permission catalogue: every code named in the spec plus one view code per menu route and the
// action codes of the main entities (ARCHITECTURE §5). Roles grant codes from this list only; the menu
// tree (menus.ts) and check-resources answers are derived from it.
//
// Code scheme
//   view    <module>.<group>.<page>        e.g. wfpf.farm.farm.base for /web/farm/base
//           module: wfpf.farm (/web), wfpf.inventory (/inventory), wfpf.company (/system);
//           group: first path segment; page: the rest of the path with '/' replaced by '-'.
//   action  <entity code>.ps.<action>      e.g. wfpf.farm.farm.land.ps.edit

import {
  COMPANY_ACTION_PERMISSIONS,
  COMPANY_VIEW_PERMISSIONS,
  INVENTORY_VIEW_PERMISSIONS,
} from './permissions.company.js';
import { CONTENT_ACTION_PERMISSIONS } from './permissions.content.js';
import type { LocalizedName, PermissionDef } from './permissions.def.js';
import { EQUIPMENT_ACTION_PERMISSIONS, EQUIPMENT_VIEW_PERMISSIONS } from './permissions.equipment.js';
import {
  FARM_ACTION_PERMISSIONS,
  FARM_OTHER_VIEW_PERMISSIONS,
  FARM_VIEW_PERMISSIONS,
  TRACE_CARBON_ACTION_PERMISSIONS,
  USER_PERMISSIONS,
} from './permissions.farm.js';

export type { LocalizedName, PermissionDef, SubModuleCode } from './permissions.def.js';

export const PERMISSIONS = [
  ...USER_PERMISSIONS,
  ...FARM_VIEW_PERMISSIONS,
  ...FARM_ACTION_PERMISSIONS,
  ...EQUIPMENT_VIEW_PERMISSIONS,
  ...EQUIPMENT_ACTION_PERMISSIONS,
  ...FARM_OTHER_VIEW_PERMISSIONS,
  ...TRACE_CARBON_ACTION_PERMISSIONS,
  ...CONTENT_ACTION_PERMISSIONS,
  ...INVENTORY_VIEW_PERMISSIONS,
  ...COMPANY_VIEW_PERMISSIONS,
  ...COMPANY_ACTION_PERMISSIONS,
] as const satisfies readonly PermissionDef[];

export type PermissionCode = (typeof PERMISSIONS)[number]['code'];

export const PERMISSION_CODES: readonly PermissionCode[] = PERMISSIONS.map((p) => p.code);

const CODE_SET: ReadonlySet<string> = new Set<string>(PERMISSION_CODES);

export function isPermissionCode(s: string): s is PermissionCode {
  return CODE_SET.has(s);
}

/**
 * The alarm pages' view codes and the write codes issue 5 added (the spec has view codes only): the server
 * checks them, the console guards its buttons with them.
 */
export const ALARM_CODES = {
  manage: 'wfpf.farm.equipment.warning-manage',
  ruleCreate: 'wfpf.farm.equipment.warning-manage.ps.create',
  ruleEdit: 'wfpf.farm.equipment.warning-manage.ps.edit',
  ruleDelete: 'wfpf.farm.equipment.warning-manage.ps.delete',
  ack: 'wfpf.farm.equipment.warning-manage.ps.ack',
  staff: 'wfpf.farm.equipment.warning-staff',
  staffCreate: 'wfpf.farm.equipment.warning-staff.ps.create',
  staffEdit: 'wfpf.farm.equipment.warning-staff.ps.edit',
  staffDelete: 'wfpf.farm.equipment.warning-staff.ps.delete',
  /** The 农机告警 page: reads the alarms of farm machines only (list with typeKey=farm-machine). */
  machinery: 'wfpf.farm.equipment.farmmachinery-alarm',
} as const satisfies Record<string, PermissionCode>;

/** The smart-control pages (策略 / 控制分组 / 设备分组): view codes from the spec, write codes from issue 10. */
export const AUTOMATION_CODES = {
  strategy: {
    view: 'wfpf.farm.equipment.intelligentControl-index',
    create: 'wfpf.farm.equipment.intelligentControl-index.ps.create',
    edit: 'wfpf.farm.equipment.intelligentControl-index.ps.edit',
    delete: 'wfpf.farm.equipment.intelligentControl-index.ps.delete',
    run: 'wfpf.farm.equipment.intelligentControl-index.ps.run',
  },
  control: {
    view: 'wfpf.farm.equipment.intelligentControl-group',
    create: 'wfpf.farm.equipment.intelligentControl-group.ps.create',
    edit: 'wfpf.farm.equipment.intelligentControl-group.ps.edit',
    delete: 'wfpf.farm.equipment.intelligentControl-group.ps.delete',
  },
  device: {
    view: 'wfpf.farm.equipment.intelligentControl-device-group',
    create: 'wfpf.farm.equipment.intelligentControl-device-group.ps.create',
    edit: 'wfpf.farm.equipment.intelligentControl-device-group.ps.edit',
    delete: 'wfpf.farm.equipment.intelligentControl-device-group.ps.delete',
  },
} as const satisfies Record<string, Record<string, PermissionCode>>;

/** The system device manager and SIM pages: view codes from the spec, write codes from issue 10. */
export const SYSTEM_DEVICE_CODES = {
  devices: 'wfpf.company.system.deviceManager',
  devicesDelete: 'wfpf.company.system.deviceManager.ps.delete',
  devicesTransfer: 'wfpf.company.system.deviceManager.ps.transfer',
  sims: 'wfpf.company.system.sim-manage',
  simCreate: 'wfpf.company.system.sim-manage.ps.create',
  simEdit: 'wfpf.company.system.sim-manage.ps.edit',
  simDelete: 'wfpf.company.system.sim-manage.ps.delete',
} as const satisfies Record<string, PermissionCode>;

/** Action codes carry a `.ps.` segment; every other code gates a page (a menu route). */
export function isActionCode(code: string): boolean {
  return code.includes('.ps.');
}

/** Add / edit / delete codes of each device type of the registry (spec 02 §2), keyed by its route. */
export const DEVICE_PERMISSIONS = {
  '/web/equipment/pest': {
    add: 'wfpf.farm.equipment.pest.ps.addPest',
    edit: 'wfpf.farm.equipment.pest.ps.editPest',
    delete: 'wfpf.farm.equipment.pest.ps.delPest',
  },
  '/web/equipment/aerator': {
    add: 'wfpf.farm.equipment.aerator.ps.addDevice',
    edit: 'wfpf.farm.equipment.aerator.ps.editDevice',
    delete: 'wfpf.farm.equipment.aerator.ps.delDevice',
  },
  '/web/equipment/pest-lamp': crud('pest-lamp'),
  '/web/equipment/camera': crud('camera'),
  '/web/equipment/transducer': crud('transducer'),
  '/web/equipment/waterFertilizer': crud('waterFertilizer'),
  '/web/equipment/inject-fertilizer': crud('inject-fertilizer'),
  '/web/equipment/gateway': crud('gateway'),
  '/web/equipment/weatherStations': crud('weatherStations'),
  '/web/equipment/tubularmoisture': crud('tubularmoisture'),
  '/web/equipment/soilmoisture': crud('soilmoisture'),
  '/web/equipment/water-quality': crud('water-quality'),
  '/web/equipment/plantLight': crud('plantLight'),
  // The registry of spec 02 §2 lists the LoRaWAN node under /web/equipment/lora; the route map of spec 01
  // names the page lorawan-node, which is what the codes use. Both keys lead to the same codes.
  '/web/equipment/lora': crud('lorawan-node'),
  '/web/equipment/lorawan-node': crud('lorawan-node'),
  '/web/equipment/lorawan-gateway': crud('lorawan-gateway'),
  '/web/equipment/electric-valve': crud('electric-valve'),
  '/web/equipment/lora-gateway': crud('lora-gateway'),
  '/web/equipment/spore': crud('spore'),
  '/web/equipment/robotic-arm': crud('robotic-arm'),
} as const satisfies Record<string, DeviceActionCodes>;

export interface DeviceActionCodes {
  add: PermissionCode;
  edit: PermissionCode;
  delete: PermissionCode;
}

type CrudKind<K extends string> =
  `wfpf.farm.equipment.${K}.ps.${'create' | 'edit' | 'delete'}` extends PermissionCode ? K : never;

function crud<const K extends string>(kind: K & CrudKind<K>): DeviceActionCodes {
  return {
    add: `wfpf.farm.equipment.${kind}.ps.create` as PermissionCode,
    edit: `wfpf.farm.equipment.${kind}.ps.edit` as PermissionCode,
    delete: `wfpf.farm.equipment.${kind}.ps.delete` as PermissionCode,
  };
}

export type SeededRoleCode = 'tenant-admin' | 'farm-operator' | 'viewer' | 'expert';

export interface SeededRoleDef {
  code: SeededRoleCode;
  name: LocalizedName;
  /** 'all' follows the catalogue as it grows. */
  permissions: 'all' | readonly PermissionCode[];
}

const NOTICE_MESSAGE: PermissionCode = 'wfpf.farm.user.ps.notice-message';

/** Answering inquiries belongs to experts (issue 19), not to every farm operator. */
const EXPERT_ANSWER: PermissionCode = 'wfpf.farm.agriculture.expert-inquiry.ps.answer';

const isFarmCode = (code: PermissionCode): boolean => code.startsWith('wfpf.farm.');

export const SEEDED_ROLES: readonly SeededRoleDef[] = [
  {
    code: 'tenant-admin',
    name: { 'zh-CN': '租户管理员', 'en-US': 'Tenant administrator' },
    permissions: 'all',
  },
  {
    // Every page and action of the farm module (farm, equipment, reports, trace, carbon, agriculture and
    // the shell's notice bell and screens); nothing of inventory or system administration.
    code: 'farm-operator',
    name: { 'zh-CN': '农场操作员', 'en-US': 'Farm operator' },
    permissions: PERMISSION_CODES.filter((c) => isFarmCode(c) && c !== EXPERT_ANSWER),
  },
  {
    code: 'viewer',
    name: { 'zh-CN': '只读用户', 'en-US': 'Viewer' },
    permissions: PERMISSION_CODES.filter((c) => isFarmCode(c) && (!isActionCode(c) || c === NOTICE_MESSAGE)),
  },
  {
    // Issue 19: an agronomist who answers farmers' inquiries (in the platform tenant: the expert pool);
    // reads the farm pages like a viewer and changes nothing else.
    code: 'expert',
    name: { 'zh-CN': '农技专家', 'en-US': 'Agronomy expert' },
    permissions: PERMISSION_CODES.filter(
      (c) => isFarmCode(c) && (!isActionCode(c) || c === NOTICE_MESSAGE || c === EXPERT_ANSWER),
    ),
  },
];

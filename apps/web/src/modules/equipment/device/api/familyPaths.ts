// The one table of the spec 02 §7 family paths the console calls for a device type's list, details,
// create, edit and delete. A type without an entry (or an operation its family path lacks, e.g. the soil
// and inverter families have no list call) uses the generic registry path /wfpe/v1/{t}/device.
// Server: modules/device/device-family-paths.routes.ts, aerator/aerator-open.routes.ts; docs/api.md.

export type DeviceOp = 'page' | 'details' | 'create' | 'update' | 'remove';

/** Templates: `{t}` is the tenant id, `{id}` the device id. */
export type PathSet = Readonly<Record<DeviceOp, string>>;

export const GENERIC_PATHS: PathSet = {
  page: '/wfpe/v1/{t}/device/page',
  details: '/wfpe/v1/{t}/device/{id}/details',
  create: '/wfpe/v1/{t}/device',
  update: '/wfpe/v1/{t}/device',
  remove: '/wfpe/v1/{t}/device/{id}',
};

const ARM: Partial<PathSet> = {
  page: '/wfpe/v1/{t}/device/mar/list',
  details: '/wfpe/v1/{t}/device/mar/{id}/details',
  create: '/wfpe/v1/{t}/device/mar/add',
  update: '/wfpe/v1/{t}/device/mar/edit',
  remove: '/wfpe/v1/{t}/device/mar/{id}',
};
const SOIL: Partial<PathSet> = {
  details: '/wfpe/v1/{t}/device/soil/{id}',
  create: '/wfpe/v1/{t}/device/soil',
  update: '/wfpe/v1/{t}/device/soil',
  remove: '/wfpe/v1/{t}/device/soil/{id}',
};
const LORA_GATEWAY: Partial<PathSet> = {
  page: '/wfpe/v2/{t}/lora-gateway/list',
  details: '/wfpe/v2/{t}/lora-gateway/{id}/details',
  create: '/wfpe/v2/{t}/lora-gateway',
  update: '/wfpe/v2/{t}/lora-gateway',
  remove: '/wfpe/v2/{t}/lora-gateway/{id}',
};
const LORA_NODE: Partial<PathSet> = {
  page: '/wfpe/v2/{t}/lora-node/list',
  details: '/wfpe/v2/{t}/lora-node/{id}/details',
  create: '/wfpe/v2/{t}/lora-node',
  update: '/wfpe/v2/{t}/lora-node',
  remove: '/wfpe/v2/{t}/lora-node/{id}',
};
const INSECTICIDAL: Partial<PathSet> = {
  page: '/wfpe/v2/{t}/device/insecticidal/page',
  details: '/wfpe/v2/{t}/device/insecticidal/{id}/details',
  create: '/wfpe/v2/{t}/device/insecticidal',
  update: '/wfpe/v2/{t}/device/insecticidal',
  remove: '/wfpe/v2/{t}/device/insecticidal/{id}',
};
// The insect-situation lamp paths have no details by id (only by IMEI): details stay generic.
const INSECT_SITUATION: Partial<PathSet> = {
  page: '/wfpe/v1/{t}/yf/insect-situation-lamp/page/isl',
  create: '/wfpe/v1/{t}/insect-situation-lamp',
  update: '/wfpe/v1/{t}/insect-situation-lamp',
  remove: '/wfpe/v1/{t}/insect-situation-lamp/{id}',
};
const INVERTER: Partial<PathSet> = {
  details: '/wfpe/v1/{t}/inverter/{id}',
  create: '/wfpe/v1/{t}/inverter',
  update: '/wfpe/v1/{t}/inverter',
  remove: '/wfpe/v1/{t}/inverter/{id}',
};
// Regulators: the v2 regulator/open page, the v1 /aerator CRUD.
const AERATOR: Partial<PathSet> = {
  page: '/wfpe/v2/{t}/regulator/open',
  details: '/wfpe/v1/{t}/aerator/{id}',
  create: '/wfpe/v1/{t}/aerator',
  update: '/wfpe/v1/{t}/aerator',
  remove: '/wfpe/v1/{t}/aerator/{id}',
};

/** Registry type key → its family's paths. */
export const FAMILY_PATHS: Readonly<Record<string, Partial<PathSet>>> = {
  'robotic-arm': ARM,
  'soil-moisture': SOIL,
  'tubular-soil': SOIL,
  'lora-4g': LORA_GATEWAY,
  'lorawan-gateway': LORA_GATEWAY,
  'lorawan-node': LORA_NODE,
  'pest-lamp': INSECTICIDAL,
  'pest-station': INSECT_SITUATION,
  inverter: INVERTER,
  aerator: AERATOR,
};

/** The template of one operation for a type (its family's, else the generic one). */
export const pathTemplate = (typeKey: string | undefined, op: DeviceOp): string =>
  (typeKey ? FAMILY_PATHS[typeKey]?.[op] : undefined) ?? GENERIC_PATHS[op];

/** The URL of one operation for a type, tenant and (for details / remove) device. */
export const devicePath = (
  typeKey: string | undefined,
  op: DeviceOp,
  tenantId: number,
  id?: number,
): string =>
  pathTemplate(typeKey, op)
    .replace('{t}', String(tenantId))
    .replace('{id}', id === undefined ? '{id}' : String(id));

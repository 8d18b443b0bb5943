import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import type { Platform } from '../../../platform/platform.js';
import { ControlService } from '../control/index.js';
import { DeviceService } from './device.service.js';
import { DeviceDataService } from './device-data.service.js';
import { FamilyCrudService, type FamilyTypes } from './device-family-crud.service.js';

// The registry types each spec 02 §7 family path serves, and the one service behind those paths. Kept
// out of the routes file: the aerator module builds its regulator paths on the same pieces.

export const ARM_TYPES: FamilyTypes = ['robotic-arm'];
export const SOIL_TYPES: FamilyTypes = ['soil-moisture', 'tubular-soil'];
export const LORA_GATEWAY_TYPES: FamilyTypes = ['lora-4g', 'lorawan-gateway'];
export const LORA_NODE_TYPES: FamilyTypes = ['lorawan-node'];
export const INSECTICIDAL_TYPES: FamilyTypes = ['pest-lamp'];
/** Every spec 02 §3 insectSituationLamp* key: the pest station (I, II, IV) and the pest lamp (III, V). */
export const INSECT_LAMP_TYPES: FamilyTypes = ['pest-station', 'pest-lamp'];
export const INVERTER_TYPES: FamilyTypes = ['inverter'];
export const AERATOR_TYPES: FamilyTypes = ['aerator'];
const nonEmpty = (keys: string[]): FamilyTypes => {
  const [first, ...rest] = keys;
  if (first === undefined) throw new Error('the registry has no type of this family');
  return [first, ...rest];
};
/** Every type of the gateway family (gateway, 4G LoRa, LoRaWAN gateway, acquisition controller). */
export const GATEWAY_TYPES = nonEmpty(DEVICE_TYPES.filter((t) => t.family === 'gateway').map((t) => t.key));

/** One service for every family path (and the aerator module's regulator paths). */
export const familyCrudService = (platform: Platform): FamilyCrudService =>
  // platform.iot is read on use: the runtime is the platform's to swap.
  new FamilyCrudService(
    new DeviceService(() => platform.iot),
    new DeviceDataService(platform.database),
    new ControlService(platform),
  );

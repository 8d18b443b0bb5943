import type { DeviceTypeDef } from '@tilth/contracts/device-types';
import { type ComponentType, lazy } from 'react';
import type { Device } from '../api/device.api';

// The control tabs of the data dialog. Spec 02 §2: 'Control equipment' (the switch list) only for the
// gateway and the 4G LoRa node; other types that take commands get the generic command panel. Both come
// from the control module and load when the tab opens.

export interface ControlTab {
  key: string;
  /** i18n key of the tab title. */
  title: string;
  Panel: ComponentType<{ device: Device }>;
}

/** Types whose dialog has the switch list tab (spec 02 §2). */
export const SWITCH_TAB_TYPES: readonly string[] = ['gateway', 'lora-4g'];

const DeviceControlTab = lazy(() =>
  import('../../control/DeviceControlTab').then((m) => ({ default: m.DeviceControlTab })),
);
const CommandPanel = lazy(() =>
  import('../../control/CommandPanel').then((m) => ({ default: m.CommandPanel })),
);

export const controlTabsOf = (type: DeviceTypeDef): readonly ControlTab[] => {
  if (SWITCH_TAB_TYPES.includes(type.key))
    return [{ key: 'control', title: 'device:dialog.control', Panel: DeviceControlTab }];
  if (type.commands.length > 0)
    return [{ key: 'command', title: 'device:dialog.command', Panel: CommandPanel }];
  return [];
};

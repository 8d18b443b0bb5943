import type { ComponentType } from 'react';
import type { Device } from '@tilth/contracts/device.types';

// Per-family extras of the generic device screens: the type's settings fields in the device form, and
// extra tabs in the device data dialog. The device families work fills these in.

export interface FamilyPanel {
  key: string;
  /** i18n key of the tab title. */
  title: string;
  Panel: ComponentType<{ device: Device }>;
}

/** Form.Item fields for devices.config of the type, rendered inside the device form under name ['config']. */
export const familyConfigFields = (_typeKey: string): ComponentType | null => null;

export const familyPanels = (_typeKey: string): readonly FamilyPanel[] => [];

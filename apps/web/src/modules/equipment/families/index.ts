import type { Device } from '@tilth/contracts/device.types';
import i18next from 'i18next';
import { type ComponentType, createElement, lazy } from 'react';
import { configFieldsOf } from './config/ConfigFields';

// Per-family extras of the generic device screens: the type's settings fields in the device form, and
// extra tabs in the device data dialog (loaded when opened: the device lists stay small).

export interface FamilyPanel {
  key: string;
  /** i18n key of the tab title. */
  title: string;
  Panel: ComponentType<{ device: Device }>;
}

type Panel = ComponentType<{ device: Device }>;

const SoilPanel = lazy(() => import('./panels/SoilPanel'));
const InverterPanel = lazy(() => import('./panels/InverterPanel'));
const ValvePanel = lazy(() => import('./panels/ValvePanel'));
const FertilizerPanel = lazy(() => import('./panels/FertilizerPanel'));
const GatewayPanel = lazy(() => import('./panels/GatewayPanel'));
const ArmPanel = lazy(() => import('./panels/ArmPanel'));
const TrackPanel = lazy(() => import('./panels/TrackPanel'));
const WeatherPanel: Panel = lazy(() =>
  import('./panels/SensorPanels').then((m) => ({ default: m.WeatherPanel })),
);
const WaterQualityPanel: Panel = lazy(() =>
  import('./panels/SensorPanels').then((m) => ({ default: m.WaterQualityPanel })),
);

// Spec 02 §2 aerator tab: the pump cards show when the tab key is '1'.
const AeratorPanel: Panel = lazy(() =>
  import('../control/AeratorPumpCards').then((m) => ({
    default: ({ device }: { device: Device }) => createElement(m.AeratorPumpCards, { device, tabKey: '1' }),
  })),
);

const PestPanel = lazy(() => import('./panels/PestPanel'));

const panel = (key: string, Panel: Panel): FamilyPanel => ({ key, title: `family:tab.${key}`, Panel });

const PANELS: Readonly<Record<string, readonly FamilyPanel[]>> = {
  'soil-moisture': [panel('soil', SoilPanel)],
  'tubular-soil': [panel('soil', SoilPanel)],
  inverter: [panel('inverter', InverterPanel)],
  'electric-valve': [panel('valve', ValvePanel)],
  'water-fertilizer': [panel('fertilizer', FertilizerPanel)],
  'inject-fertilizer': [panel('fertilizer', FertilizerPanel)],
  gateway: [panel('gateway', GatewayPanel)],
  'lora-4g': [panel('gateway', GatewayPanel)],
  'acquisition-control': [panel('gateway', GatewayPanel)],
  'lorawan-gateway': [panel('lora', GatewayPanel)],
  'robotic-arm': [panel('arm', ArmPanel)],
  'farm-machine': [panel('track', TrackPanel)],
  'weather-station': [panel('wind', WeatherPanel)],
  'water-quality': [panel('water', WaterQualityPanel)],
  aerator: [panel('aerator', AeratorPanel)],
  'pest-station': [panel('pest', PestPanel)],
  'forecast-lamp': [panel('pest', PestPanel)],
  // The insecticidal lamp takes no photos (kill count only, in the cards and curve): no photo tab.
};

/** Form.Item fields for devices.config of the type, rendered inside the device form under name ['config']. */
export const familyConfigFields = (typeKey: string): ComponentType | null => configFieldsOf(typeKey);

export const familyPanels = (typeKey: string): readonly FamilyPanel[] => {
  const panels = PANELS[typeKey] ?? [];
  // The dialog translates the tab titles with its own namespaces: make sure ours is there too.
  if (panels.length > 0 && !i18next.hasLoadedNamespace('family')) void i18next.loadNamespaces('family');
  return panels;
};

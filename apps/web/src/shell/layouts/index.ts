import type { ComponentType } from 'react';
import type { ThemeLayout } from '../theme/theme';
import { CrosswiseLayout } from './CrosswiseLayout';
import { FloatLayout } from './FloatLayout';
import { LengthwayLayout } from './LengthwayLayout';
import { SubfieldLayout } from './SubfieldLayout';
import { SynthesisLayout } from './SynthesisLayout';
import './layouts.css';
import '../account/panel.css';

/** The five shell layouts of the theme (spec 01 §2.10). */
export const LAYOUTS: Readonly<Record<ThemeLayout, ComponentType>> = {
  float: FloatLayout,
  subfield: SubfieldLayout,
  lengthway: LengthwayLayout,
  synthesis: SynthesisLayout,
  crosswise: CrosswiseLayout,
};

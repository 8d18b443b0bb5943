import type { ThemeConfig } from '@tilth/contracts/tenant.types';

export type { ThemeConfig } from '@tilth/contracts/tenant.types';
export type ThemeLayout = ThemeConfig['layout'];

import {
  DEFAULT_THEME,
  THEME_LABEL_STYLES,
  THEME_LAYOUTS,
  THEME_MENU_WIDTHS,
  THEME_SUBFIELD_STYLES,
} from '@tilth/contracts/theme.constants';

export { DEFAULT_THEME, THEME_LABEL_STYLES, THEME_LAYOUTS, THEME_MENU_WIDTHS, THEME_SUBFIELD_STYLES };

/** Spec 01 §9: the collapsed side menu and the crosswise layout's menu widths. */
export const COLLAPSED_MENU_WIDTH = 60;
export const CROSSWISE_MENU_WIDTH = 200;

const HEX = /^#[0-9a-fA-F]{6}$/;
const oneOf = <T extends string | number>(options: readonly T[], value: unknown): value is T =>
  (options as readonly unknown[]).includes(value);
const flag = (value: unknown): value is 0 | 1 => value === 0 || value === 1;

/**
 * The saved theme (a JSON string) → a complete theme. Each field that is missing or not valid keeps its
 * default, so an old or hand-edited theme never breaks the shell.
 */
export const parseTheme = (text: string | null | undefined): ThemeConfig => {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    raw = {};
  }
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const t = { ...DEFAULT_THEME };
  if (oneOf(THEME_LAYOUTS, input.layout)) t.layout = input.layout;
  if (typeof input.themeColor === 'string' && HEX.test(input.themeColor)) t.themeColor = input.themeColor;
  if (typeof input.backgroundColor === 'string' && HEX.test(input.backgroundColor)) {
    t.backgroundColor = input.backgroundColor;
  }
  if (typeof input.fontColor === 'string' && HEX.test(input.fontColor)) t.fontColor = input.fontColor;
  if (flag(input.follow)) t.follow = input.follow;
  if (flag(input.label)) t.label = input.label;
  if (flag(input.labelIcon)) t.labelIcon = input.labelIcon;
  const width = Number(input.menuWidth);
  if (oneOf(THEME_MENU_WIDTHS, width)) t.menuWidth = width;
  if (oneOf(THEME_LABEL_STYLES, input.labelStyle)) t.labelStyle = input.labelStyle;
  if (oneOf(THEME_SUBFIELD_STYLES, input.subfieldStyle)) t.subfieldStyle = input.subfieldStyle;
  return t;
};

/** The side menu's colours: its own background, or the theme colour when it follows the theme. */
export const menuColors = (theme: ThemeConfig): { background: string; text: string } => ({
  background: theme.follow === 1 ? theme.themeColor : theme.backgroundColor,
  text: theme.fontColor,
});

/** Spec 01 §4: the side menu starts expanded in the lengthway, subfield and synthesis layouts. */
export const menuOpenByDefault = (layout: ThemeLayout): boolean =>
  layout === 'lengthway' || layout === 'subfield' || layout === 'synthesis';

/** Spec 01 §5: the menu width is offered (and applies) for the lengthway and subfield layouts only. */
export const offersMenuWidth = (layout: ThemeLayout): boolean =>
  layout === 'lengthway' || layout === 'subfield';

/** Spec 01 §5: the split (subfield) style is offered for the float and subfield layouts only. */
export const offersSubfieldStyle = (layout: ThemeLayout): boolean =>
  layout === 'float' || layout === 'subfield';

/** Spec 01 §5: tab icon and tab style are offered only while tabs are on. */
export const offersTabOptions = (theme: ThemeConfig): boolean => theme.label === 1;

export const sideMenuWidth = (theme: ThemeConfig): number =>
  offersMenuWidth(theme.layout) ? theme.menuWidth : DEFAULT_THEME.menuWidth;

/**
 * A colour as the server takes it ('#rrggbb', lower case): accepts '#rgb', '#rrggbb' and '#rrggbbaa'
 * (the alpha is dropped); anything else is null.
 */
export const toHexColour = (value: string): string | null => {
  const text = value.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(text)) {
    return `#${[...text.slice(1)].map((c) => c + c).join('')}`;
  }
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(text)) return text.slice(0, 7);
  return null;
};

/** True when two themes show the same (field by field, colours compared without case). */
export const sameTheme = (a: ThemeConfig, b: ThemeConfig): boolean =>
  (Object.keys(DEFAULT_THEME) as (keyof ThemeConfig)[]).every((key) => {
    const x = a[key];
    const y = b[key];
    return typeof x === 'string' && typeof y === 'string' ? x.toLowerCase() === y.toLowerCase() : x === y;
  });

/** '#1b9961' + alpha → 'rgba(27, 153, 97, a)'. */
export const withAlpha = (hex: string, alpha: number): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
};

/** Mixes a colour toward black (amount < 0) or white (amount > 0), amount in [-1, 1]. */
export const shade = (hex: string, amount: number): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const p = Math.abs(amount);
  const mix = (c: number) => Math.round(c + (target - c) * p);
  const [r, g, b] = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
};

/**
 * Black or white for a mark on the colour: white unless the colour is light (relative luminance above
 * 0.4), so saturated brand colours keep a white mark, as on the menus.
 */
export const readableOn = (hex: string): '#000000' | '#ffffff' => {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return l > 0.4 ? '#000000' : '#ffffff';
};

/** Preset swatches of the drawer (spec 01 §3: the default green first). */
export const THEME_COLOUR_PRESETS = [
  '#1b9961',
  '#1677ff',
  '#13a8a8',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#d4380d',
] as const;
export const MENU_BACKGROUND_PRESETS = [
  '#1b9961',
  '#0f5c3a',
  '#001529',
  '#1f2937',
  '#2f3b52',
  '#3a2f5b',
  '#ffffff',
  '#f5f7f6',
] as const;
export const MENU_FONT_PRESETS = ['#ffffff', '#e6f4ea', '#ffe7ba', '#1f2329', '#4e5969', '#1b9961'] as const;

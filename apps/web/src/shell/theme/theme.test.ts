import * as contracts from '@tilth/contracts/tenant.types';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THEME,
  MENU_BACKGROUND_PRESETS,
  MENU_FONT_PRESETS,
  menuColors,
  menuOpenByDefault,
  offersMenuWidth,
  offersSubfieldStyle,
  offersTabOptions,
  parseTheme,
  readableOn,
  sameTheme,
  sideMenuWidth,
  THEME_COLOUR_PRESETS,
  THEME_LABEL_STYLES,
  THEME_LAYOUTS,
  THEME_MENU_WIDTHS,
  THEME_SUBFIELD_STYLES,
  toHexColour,
} from './theme';

// Read through Vite (the locale files are outside the TypeScript project).
const locales = import.meta.glob<Record<string, string>>('../../locales/*/theme.json', {
  eager: true,
  import: 'default',
});
const enUS = locales['../../locales/en-US/theme.json'] ?? {};
const zhCN = locales['../../locales/zh-CN/theme.json'] ?? {};

describe('theme constants', () => {
  it('the defaults and every offered choice pass the server validator', () => {
    expect(contracts.themeConfig.safeParse(DEFAULT_THEME).success).toBe(true);
    for (const layout of THEME_LAYOUTS) {
      for (const menuWidth of THEME_MENU_WIDTHS) {
        for (const labelStyle of THEME_LABEL_STYLES) {
          for (const subfieldStyle of THEME_SUBFIELD_STYLES) {
            const t = { ...DEFAULT_THEME, layout, menuWidth, labelStyle, subfieldStyle };
            expect(contracts.themeConfig.safeParse(t).success).toBe(true);
          }
        }
      }
    }
  });

  it('has the spec defaults (spec 01 §3)', () => {
    expect(DEFAULT_THEME).toEqual({
      layout: 'float',
      themeColor: '#1b9961',
      backgroundColor: '#1b9961',
      follow: 0,
      fontColor: '#ffffff',
      menuWidth: 244,
      label: 1,
      labelIcon: 1,
      labelStyle: 'smooth',
      subfieldStyle: 'lengthway',
    });
  });

  it('offers only colours the server accepts, the default first', () => {
    for (const colour of [...THEME_COLOUR_PRESETS, ...MENU_BACKGROUND_PRESETS, ...MENU_FONT_PRESETS]) {
      expect(contracts.themeConfig.shape.themeColor.safeParse(colour).success).toBe(true);
    }
    expect(THEME_COLOUR_PRESETS[0]).toBe(DEFAULT_THEME.themeColor);
    expect(MENU_BACKGROUND_PRESETS[0]).toBe(DEFAULT_THEME.backgroundColor);
    expect(MENU_FONT_PRESETS[0]).toBe(DEFAULT_THEME.fontColor);
  });
});

describe('parseTheme', () => {
  it('takes a saved theme and accepts it as the server would', () => {
    const saved = { ...DEFAULT_THEME, layout: 'crosswise', menuWidth: 266, labelStyle: 'simple', follow: 1 };
    const theme = parseTheme(JSON.stringify(saved));
    expect(theme).toEqual(saved);
    expect(contracts.themeConfig.safeParse(theme).success).toBe(true);
  });

  it('keeps the default for each missing or invalid field', () => {
    expect(parseTheme(null)).toEqual(DEFAULT_THEME);
    expect(parseTheme('not json')).toEqual(DEFAULT_THEME);
    expect(parseTheme('[1,2]')).toEqual(DEFAULT_THEME);
    const theme = parseTheme(
      JSON.stringify({ layout: 'diagonal', themeColor: 'red', menuWidth: '255', follow: 2, label: 0 }),
    );
    expect(theme).toEqual({ ...DEFAULT_THEME, menuWidth: 255, label: 0 });
  });

  it('round-trips what the drawer saves', () => {
    const theme = { ...DEFAULT_THEME, themeColor: '#722ed1', labelIcon: 0 as const };
    expect(parseTheme(JSON.stringify(theme))).toEqual(theme);
  });
});

describe('which options the drawer offers (spec 01 §5)', () => {
  it('menu width only for the lengthway and subfield layouts', () => {
    expect(THEME_LAYOUTS.filter(offersMenuWidth)).toEqual(['subfield', 'lengthway']);
  });

  it('split style only for the float and subfield layouts', () => {
    expect(THEME_LAYOUTS.filter(offersSubfieldStyle)).toEqual(['float', 'subfield']);
  });

  it('tab icon and style only while tabs are on', () => {
    expect(offersTabOptions(DEFAULT_THEME)).toBe(true);
    expect(offersTabOptions({ ...DEFAULT_THEME, label: 0 })).toBe(false);
  });

  it('applies the chosen width only where it is offered', () => {
    expect(sideMenuWidth({ ...DEFAULT_THEME, layout: 'lengthway', menuWidth: 266 })).toBe(266);
    expect(sideMenuWidth({ ...DEFAULT_THEME, layout: 'float', menuWidth: 266 })).toBe(244);
  });

  it('opens the menu by default for lengthway, subfield and synthesis (spec 01 §4)', () => {
    expect(THEME_LAYOUTS.filter(menuOpenByDefault)).toEqual(['subfield', 'lengthway', 'synthesis']);
  });
});

describe('colours', () => {
  it('normalises picker output to #rrggbb', () => {
    expect(toHexColour('#1B9961')).toBe('#1b9961');
    expect(toHexColour('#abc')).toBe('#aabbcc');
    expect(toHexColour('#1b9961ff')).toBe('#1b9961');
    expect(toHexColour(' #FFFFFF ')).toBe('#ffffff');
    expect(toHexColour('rgb(0,0,0)')).toBeNull();
    expect(toHexColour('#12345')).toBeNull();
  });

  it('lets the menu follow the theme colour when follow is 1', () => {
    const theme = { ...DEFAULT_THEME, themeColor: '#1677ff', backgroundColor: '#001529' };
    expect(menuColors(theme).background).toBe('#001529');
    expect(menuColors({ ...theme, follow: 1 }).background).toBe('#1677ff');
  });

  it('picks a readable check mark on a swatch', () => {
    expect(readableOn('#ffffff')).toBe('#000000');
    expect(readableOn('#f5f7f6')).toBe('#000000');
    expect(readableOn('#1b9961')).toBe('#ffffff');
    expect(readableOn('#001529')).toBe('#ffffff');
  });

  it('compares themes field by field, colours without case', () => {
    expect(sameTheme(DEFAULT_THEME, { ...DEFAULT_THEME, themeColor: '#1B9961' })).toBe(true);
    expect(sameTheme(DEFAULT_THEME, { ...DEFAULT_THEME, label: 0 })).toBe(false);
  });
});

describe('theme locale files', () => {
  it('carry the same keys in both languages, all namespaced theme.*', () => {
    expect(Object.keys(enUS).length).toBeGreaterThan(20);
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
    for (const [key, value] of Object.entries(enUS)) {
      expect(key.startsWith('theme.')).toBe(true);
      expect(value.trim()).not.toBe('');
    }
  });

  it('name every layout, tab style and split style', () => {
    const keys = new Set(Object.keys(enUS));
    for (const layout of THEME_LAYOUTS) expect(keys.has(`theme.layout.${layout}`)).toBe(true);
    for (const style of THEME_LABEL_STYLES) expect(keys.has(`theme.labelStyle.${style}`)).toBe(true);
    for (const style of THEME_SUBFIELD_STYLES) expect(keys.has(`theme.subfieldStyle.${style}`)).toBe(true);
  });
});

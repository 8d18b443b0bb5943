import {
  DEFAULT_THEME as CONTRACT_DEFAULT,
  THEME_LABEL_STYLES as CONTRACT_LABEL_STYLES,
  THEME_LAYOUTS as CONTRACT_LAYOUTS,
  THEME_SUBFIELD_STYLES as CONTRACT_SUBFIELD,
  THEME_MENU_WIDTHS as CONTRACT_WIDTHS,
} from '@tilth/contracts/tenant.types';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THEME,
  menuColors,
  menuOpenByDefault,
  parseTheme,
  shade,
  THEME_LABEL_STYLES,
  THEME_LAYOUTS,
  THEME_MENU_WIDTHS,
  THEME_SUBFIELD_STYLES,
  withAlpha,
} from './theme';

describe('theme', () => {
  it('matches the contracts', () => {
    expect(DEFAULT_THEME).toEqual(CONTRACT_DEFAULT);
    expect(THEME_LAYOUTS).toEqual(CONTRACT_LAYOUTS);
    expect(THEME_MENU_WIDTHS).toEqual(CONTRACT_WIDTHS);
    expect(THEME_LABEL_STYLES).toEqual(CONTRACT_LABEL_STYLES);
    expect(THEME_SUBFIELD_STYLES).toEqual(CONTRACT_SUBFIELD);
  });

  it('defaults: float, green, menu width 244, tabs on, smooth', () => {
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

  it('parses a saved theme string', () => {
    const saved = JSON.stringify({
      ...DEFAULT_THEME,
      layout: 'crosswise',
      themeColor: '#1677ff',
      menuWidth: '266',
    });
    expect(parseTheme(saved)).toMatchObject({ layout: 'crosswise', themeColor: '#1677ff', menuWidth: 266 });
  });

  it('keeps the default of every missing or invalid field', () => {
    expect(parseTheme(undefined)).toEqual(DEFAULT_THEME);
    expect(parseTheme('not json')).toEqual(DEFAULT_THEME);
    expect(parseTheme('[1,2]')).toEqual(DEFAULT_THEME);
    const odd = parseTheme(
      JSON.stringify({
        layout: 'diagonal',
        themeColor: 'red',
        follow: 2,
        menuWidth: 300,
        labelStyle: 'round',
        label: 0,
      }),
    );
    expect(odd).toEqual({ ...DEFAULT_THEME, label: 0 });
  });

  it('derives the menu colours and the default open state', () => {
    const theme = { ...DEFAULT_THEME, themeColor: '#1677ff', backgroundColor: '#001529' };
    expect(menuColors(theme).background).toBe('#001529');
    expect(menuColors({ ...theme, follow: 1 }).background).toBe('#1677ff');
    expect(menuOpenByDefault('lengthway')).toBe(true);
    expect(menuOpenByDefault('subfield')).toBe(true);
    expect(menuOpenByDefault('synthesis')).toBe(true);
    expect(menuOpenByDefault('float')).toBe(false);
    expect(menuOpenByDefault('crosswise')).toBe(false);
  });

  it('mixes colours', () => {
    expect(withAlpha('#1b9961', 0.5)).toBe('rgba(27, 153, 97, 0.5)');
    expect(shade('#808080', -1)).toBe('#000000');
    expect(shade('#808080', 1)).toBe('#ffffff');
    expect(shade('#1b9961', 0)).toBe('#1b9961');
  });
});

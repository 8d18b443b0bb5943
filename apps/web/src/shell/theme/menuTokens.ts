import type { ThemeConfig as AntdThemeConfig } from 'antd';
import {
  COLLAPSED_MENU_WIDTH,
  CROSSWISE_MENU_WIDTH,
  menuColors,
  shade,
  sideMenuWidth,
  type ThemeConfig,
  withAlpha,
} from './theme';

type MenuTokens = NonNullable<NonNullable<AntdThemeConfig['components']>['Menu']>;

/**
 * antd Menu tokens for the coloured menus (the 'dark' Menu theme painted with the user's colours), and for
 * the light menus of the subfield and synthesis layouts.
 */
export const menuTokens = (theme: ThemeConfig): MenuTokens => {
  const { background, text } = menuColors(theme);
  return {
    darkItemBg: background,
    darkSubMenuItemBg: shade(background, -0.1),
    darkPopupBg: background,
    darkItemColor: withAlpha(text, 0.82),
    darkItemHoverColor: text,
    darkItemHoverBg: withAlpha(text, 0.1),
    darkItemSelectedBg: withAlpha(text, 0.2),
    darkItemSelectedColor: text,
    darkGroupTitleColor: withAlpha(text, 0.6),
    itemSelectedBg: withAlpha(theme.themeColor, 0.1),
    itemSelectedColor: theme.themeColor,
    itemHoverBg: withAlpha(theme.themeColor, 0.06),
    itemActiveBg: withAlpha(theme.themeColor, 0.14),
    horizontalItemSelectedColor: theme.themeColor,
    itemBorderRadius: 8,
    subMenuItemBorderRadius: 8,
    itemMarginInline: 8,
    collapsedWidth: COLLAPSED_MENU_WIDTH,
    iconSize: 16,
    collapsedIconSize: 17,
  };
};

/** CSS variables the shell's own styles read (shell.css). */
export const shellCssVars = (theme: ThemeConfig): Record<string, string> => {
  const { background, text } = menuColors(theme);
  return {
    '--tl-primary': theme.themeColor,
    '--tl-primary-soft': withAlpha(theme.themeColor, 0.1),
    '--tl-primary-faint': withAlpha(theme.themeColor, 0.05),
    '--tl-menu-bg': background,
    '--tl-menu-bg-deep': shade(background, -0.14),
    '--tl-menu-fg': text,
    '--tl-menu-fg-soft': withAlpha(text, 0.72),
    '--tl-menu-hover': withAlpha(text, 0.12),
    '--tl-menu-width': `${sideMenuWidth(theme)}px`,
    '--tl-menu-collapsed': `${COLLAPSED_MENU_WIDTH}px`,
    '--tl-cross-popup-width': `${CROSSWISE_MENU_WIDTH}px`,
  };
};

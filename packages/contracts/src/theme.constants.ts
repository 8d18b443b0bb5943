// Menu-theme values shared by the server's validator (tenant.types.ts) and the console, kept free of zod
// so the console can import them without bundling it.
export const THEME_LAYOUTS = ['float', 'subfield', 'lengthway', 'synthesis', 'crosswise'] as const;
export const THEME_MENU_WIDTHS = [244, 255, 266] as const;
/** Tab strip look: rounded tabs, square tabs, or a plain underline. */
export const THEME_LABEL_STYLES = ['smooth', 'square', 'simple'] as const;
/** How the split (subfield) menu is laid out: its second level beside (lengthway) or above (crosswise). */
export const THEME_SUBFIELD_STYLES = ['lengthway', 'crosswise'] as const;

export interface ThemeConfigShape {
  layout: (typeof THEME_LAYOUTS)[number];
  themeColor: string;
  backgroundColor: string;
  follow: 0 | 1;
  fontColor: string;
  menuWidth: (typeof THEME_MENU_WIDTHS)[number];
  label: 0 | 1;
  labelIcon: 0 | 1;
  labelStyle: (typeof THEME_LABEL_STYLES)[number];
  subfieldStyle: (typeof THEME_SUBFIELD_STYLES)[number];
}

/** Spec 01 §3 defaults. */
export const DEFAULT_THEME: ThemeConfigShape = {
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
};

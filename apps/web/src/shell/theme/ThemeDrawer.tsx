import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Segmented from 'antd/es/segmented';
import Switch from 'antd/es/switch';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../shared/api/client';
import { ColourField } from './ColourField';
import { LayoutThumb } from './LayoutThumb';
import {
  DEFAULT_THEME,
  MENU_BACKGROUND_PRESETS,
  MENU_FONT_PRESETS,
  menuColors,
  offersMenuWidth,
  offersSubfieldStyle,
  offersTabOptions,
  sameTheme,
  THEME_COLOUR_PRESETS,
  THEME_LABEL_STYLES,
  THEME_LAYOUTS,
  THEME_MENU_WIDTHS,
  THEME_SUBFIELD_STYLES,
  type ThemeConfig,
} from './theme';
import { refreshSavedTheme, useTheme } from './themeStore';
import './themeDrawer.css';

/** Spec 01 §9: the theme drawer is 344 px wide. */
export const THEME_DRAWER_WIDTH = 344;
/** Spec 01 §4: 'save success' shows one second after the save, then the theme is read again. */
export const THEME_SAVED_DELAY_MS = 1000;

export interface ThemeDrawerProps {
  open: boolean;
  /** Called when the drawer should close; an unsaved preview has already been dropped. */
  onClose: () => void;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="tl-theme-drawer__section">
    <h4 className="tl-theme-drawer__heading">{title}</h4>
    {children}
  </section>
);

interface RowProps {
  label: string;
  children: ReactNode;
  hint?: string;
  /** Label and control on one line (switches); otherwise the control goes under the label. */
  inline?: boolean;
}

const Row = ({ label, children, hint, inline = false }: RowProps) => (
  <div className={`tl-theme-drawer__row${inline ? ' tl-theme-drawer__row--inline' : ''}`}>
    <div className="tl-theme-drawer__label">
      <span>{label}</span>
      {hint ? <span className="tl-theme-drawer__hint">{hint}</span> : null}
    </div>
    {children}
  </div>
);

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/**
 * The theme drawer (spec 01 §2.10, §3, §5): every option of the menu theme, previewed at once on the
 * shell and kept only when saved (POST menu-theme). Closing without saving drops the preview.
 */
export function ThemeDrawer(props: ThemeDrawerProps) {
  return (
    <Suspense fallback={null}>
      <ThemeDrawerContent {...props} />
    </Suspense>
  );
}

function ThemeDrawerContent({ open, onClose }: ThemeDrawerProps) {
  const { t } = useTranslation('theme');
  const { message } = App.useApp();
  const { theme, dirty, loaded, preview, previewDefaults, revert, save, reload } = useTheme();
  const [saving, setSaving] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const set = (partial: Partial<ThemeConfig>) => preview(partial);
  const { background } = menuColors(theme);

  const close = () => {
    if (saving) return;
    revert();
    onClose();
  };

  const submit = async () => {
    setSaving(true);
    try {
      await save();
    } catch (err) {
      // The API client has already shown the server's message for a failed call (spec 01 §8).
      if (!(err instanceof ApiError)) message.error(errorText(err));
      else if (err.status === 409) void refreshSavedTheme();
      if (alive.current) setSaving(false);
      return;
    }
    setTimeout(() => {
      message.success(t('theme.saved'));
      void reload();
      if (alive.current) {
        setSaving(false);
        onClose();
      }
    }, THEME_SAVED_DELAY_MS);
  };

  return (
    <Drawer
      open={open}
      size={THEME_DRAWER_WIDTH}
      title={t('theme.title')}
      onClose={close}
      maskClosable={!saving}
      closable={!saving}
      rootClassName="tl-theme-drawer"
      // A light mask, so the previewed shell stays easy to judge.
      styles={{ mask: { background: 'rgba(0, 0, 0, 0.12)' } }}
      footer={
        <div className="tl-theme-drawer__footer">
          <Button
            type="link"
            className="tl-theme-drawer__reset"
            disabled={saving || sameTheme(theme, DEFAULT_THEME)}
            onClick={previewDefaults}
          >
            {t('theme.reset')}
          </Button>
          <span className="tl-theme-drawer__spacer" />
          <Button onClick={close} disabled={saving}>
            {t('theme.cancel')}
          </Button>
          <Button type="primary" loading={saving} disabled={!loaded || !dirty} onClick={() => void submit()}>
            {t('theme.save')}
          </Button>
        </div>
      }
    >
      <p className="tl-theme-drawer__intro">{t('theme.intro')}</p>

      <Section title={t('theme.section.layout')}>
        <div className="tl-theme-drawer__layouts">
          {THEME_LAYOUTS.map((layout) => {
            const selected = theme.layout === layout;
            return (
              <button
                key={layout}
                type="button"
                aria-pressed={selected}
                className={`tl-theme-drawer__layout${selected ? ' is-selected' : ''}`}
                onClick={() => set({ layout })}
              >
                <LayoutThumb layout={layout} menu={background} accent={theme.themeColor} />
                <span>{t(`theme.layout.${layout}`)}</span>
              </button>
            );
          })}
        </div>
      </Section>

      <Section title={t('theme.section.colour')}>
        <Row label={t('theme.themeColor')}>
          <ColourField
            value={theme.themeColor}
            presets={THEME_COLOUR_PRESETS}
            customLabel={t('theme.customColour')}
            onChange={(themeColor) => set({ themeColor })}
          />
        </Row>
        <Row inline label={t('theme.follow')}>
          <Switch
            size="small"
            checked={theme.follow === 1}
            aria-label={t('theme.follow')}
            onChange={(on) => set({ follow: flag(on) })}
          />
        </Row>
        <Row
          label={t('theme.backgroundColor')}
          hint={theme.follow === 1 ? t('theme.backgroundFollows') : undefined}
        >
          <ColourField
            value={theme.follow === 1 ? theme.themeColor : theme.backgroundColor}
            presets={MENU_BACKGROUND_PRESETS}
            customLabel={t('theme.customColour')}
            disabled={theme.follow === 1}
            onChange={(backgroundColor) => set({ backgroundColor })}
          />
        </Row>
        <Row label={t('theme.fontColor')}>
          <ColourField
            value={theme.fontColor}
            presets={MENU_FONT_PRESETS}
            customLabel={t('theme.customColour')}
            onChange={(fontColor) => set({ fontColor })}
          />
        </Row>
      </Section>

      {offersMenuWidth(theme.layout) || offersSubfieldStyle(theme.layout) ? (
        <Section title={t('theme.section.menu')}>
          {offersMenuWidth(theme.layout) ? (
            <Row label={t('theme.menuWidth')}>
              <Segmented
                block
                value={theme.menuWidth}
                options={THEME_MENU_WIDTHS.map((width) => ({
                  value: width,
                  label: t('theme.menuWidth.value', { width }),
                }))}
                onChange={(menuWidth) => set({ menuWidth })}
              />
            </Row>
          ) : null}
          {offersSubfieldStyle(theme.layout) ? (
            <Row label={t('theme.subfieldStyle')}>
              <Segmented
                block
                value={theme.subfieldStyle}
                options={THEME_SUBFIELD_STYLES.map((style) => ({
                  value: style,
                  label: t(`theme.subfieldStyle.${style}`),
                }))}
                onChange={(subfieldStyle) => set({ subfieldStyle })}
              />
            </Row>
          ) : null}
        </Section>
      ) : null}

      <Section title={t('theme.section.tabs')}>
        <Row inline label={t('theme.label')}>
          <Switch
            size="small"
            checked={theme.label === 1}
            aria-label={t('theme.label')}
            onChange={(on) => set({ label: flag(on) })}
          />
        </Row>
        {offersTabOptions(theme) ? (
          <>
            <Row inline label={t('theme.labelIcon')}>
              <Switch
                size="small"
                checked={theme.labelIcon === 1}
                aria-label={t('theme.labelIcon')}
                onChange={(on) => set({ labelIcon: flag(on) })}
              />
            </Row>
            <Row label={t('theme.labelStyle')}>
              <Segmented
                block
                value={theme.labelStyle}
                options={THEME_LABEL_STYLES.map((style) => ({
                  value: style,
                  label: t(`theme.labelStyle.${style}`),
                }))}
                onChange={(labelStyle) => set({ labelStyle })}
              />
            </Row>
          </>
        ) : null}
      </Section>
    </Drawer>
  );
}

import CheckOutlined from '@ant-design/icons/CheckOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/client';
import { THEME_LAYOUTS, type ThemeLayout } from './theme';
import { useTheme } from './themeStore';

/** Spec 01 §9: the theme drawer is 344 px wide. */
export const THEME_DRAWER_WIDTH = 344;

const COLOURS = ['#1b9961', '#1677ff', '#13a8a8', '#2f54eb', '#722ed1', '#fa8c16', '#d4380d', '#2f3b52'];

/** A thumbnail of each layout: where the menu (dark) and the bars sit. */
const LayoutThumb = ({ layout }: { layout: ThemeLayout }) => {
  const m = 'var(--tl-primary, #1b9961)';
  const bar = '#dfe6e2';
  const parts: Record<ThemeLayout, ReactElement> = {
    float: (
      <>
        <rect x="3" y="3" width="14" height="38" rx="3" fill={m} />
        <rect x="20" y="3" width="41" height="6" rx="2" fill={bar} />
      </>
    ),
    subfield: (
      <>
        <rect x="0" y="0" width="8" height="44" fill={m} />
        <rect x="8" y="0" width="12" height="44" fill="#fff" stroke={bar} />
        <rect x="22" y="3" width="39" height="5" rx="2" fill={bar} />
      </>
    ),
    lengthway: (
      <>
        <rect x="0" y="0" width="16" height="44" fill={m} />
        <rect x="16" y="0" width="48" height="7" fill={bar} />
      </>
    ),
    synthesis: (
      <>
        <rect x="0" y="0" width="64" height="8" fill={m} />
        <rect x="0" y="8" width="14" height="36" fill="#fff" stroke={bar} />
      </>
    ),
    crosswise: <rect x="0" y="0" width="64" height="9" fill={m} />,
  };
  return (
    <svg viewBox="0 0 64 44" width="64" height="44" aria-hidden="true">
      <rect width="64" height="44" rx="4" fill="#f3f6f4" />
      {parts[layout]}
    </svg>
  );
};

/**
 * The theme drawer (spec 01 §2.10, §5): layout and colour, previewed live and saved per user. The full
 * set of options (menu colours, width, tab styles) lives here too; the shell only reads useTheme().
 */
export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const { theme, preview, revert, save } = useTheme();
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    revert();
    onClose();
  };
  const submit = async () => {
    setSaving(true);
    try {
      await save();
      message.success(t('theme.saved'));
      onClose();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      size={THEME_DRAWER_WIDTH}
      title={t('theme.title')}
      onClose={cancel}
      footer={
        <div className="tl-theme__footer">
          <Button onClick={cancel}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('common:action.save')}
          </Button>
        </div>
      }
    >
      <h4 className="tl-theme__heading">{t('theme.layout')}</h4>
      <div className="tl-theme__layouts">
        {THEME_LAYOUTS.map((layout) => (
          <button
            key={layout}
            type="button"
            className={`tl-theme__layout${theme.layout === layout ? ' is-active' : ''}`}
            aria-pressed={theme.layout === layout}
            onClick={() => preview({ layout })}
          >
            <LayoutThumb layout={layout} />
            <span>{t(`theme.layouts.${layout}`)}</span>
          </button>
        ))}
      </div>
      <h4 className="tl-theme__heading">{t('theme.color')}</h4>
      <div className="tl-theme__colours">
        {COLOURS.map((colour) => (
          <button
            key={colour}
            type="button"
            className="tl-theme__colour"
            style={{ background: colour }}
            aria-label={colour}
            aria-pressed={theme.themeColor === colour}
            onClick={() => preview({ themeColor: colour, backgroundColor: colour })}
          >
            {theme.themeColor === colour ? <CheckOutlined /> : null}
          </button>
        ))}
      </div>
    </Drawer>
  );
}

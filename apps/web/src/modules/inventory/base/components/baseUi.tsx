import Switch from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { usePermissions } from '../../../../shared/permission/usePermissions';

/** The enabled filter of every base-data list. */
export const enabledFilterOptions = (t: (k: string) => string) =>
  [1, 0].map((f) => ({ value: f, label: t(`invBase:enabled.${f}`) }));

/** What a code column may hold (spec 03 §5): English letters, digits or underscore. */
export const CODE_PATTERN = /^[A-Za-z0-9_]+$/;

interface EnabledSwitchProps {
  flag: number;
  /** Held: the switch works; else it only shows the state. */
  code: string;
  /** Saves the flipped flag (a PUT of the row); the list refreshes after. */
  onToggle: (next: 0 | 1) => Promise<unknown>;
}

/** Enable / disable in a list row: a PUT with the other enabledFlag (server errors shown by the client). */
export function EnabledSwitch({ flag, code, onToggle }: EnabledSwitchProps) {
  const { t } = useTranslation(['invBase', 'common']);
  const { allowed } = usePermissions([code]);
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const flip = async (on: boolean) => {
    setBusy(true);
    try {
      await onToggle(on ? 1 : 0);
      message.success(t('common:message.saved'));
    } catch {
      // Shown by the API client (stale version …).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={flag === 1}
      loading={busy}
      disabled={!allowed}
      checkedChildren={t('invBase:enabled.1')}
      unCheckedChildren={t('invBase:enabled.0')}
      onChange={(on) => void flip(on)}
      aria-label={t('invBase:field.enabled')}
    />
  );
}

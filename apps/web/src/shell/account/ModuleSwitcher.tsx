import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MODULE_AREAS } from '../../app/modules';
import { useMessage } from '../../shared/FeedbackProvider';
import { menuIcon } from '../menu/icons';
import { type ModuleEntry, modulePath, useModules } from '../menu/useMenu';
import { useShell } from '../ShellContext';
import { paneStore } from '../tabs/paneStore';
import { activePane } from '../tabs/panes';

/** Where entering a module lands: the tab last shown in it, else its home. */
const landingOf = (entry: ModuleEntry): string => {
  const area = MODULE_AREAS.find((m) => m.code === entry.code);
  const strip = area ? paneStore.get()[area.code] : undefined;
  return (strip && activePane(strip)?.path) || modulePath(entry);
};

interface ModuleSwitcherProps {
  /** 'grid': tiles in the user panel; 'bar': the synthesis layout's top bar. */
  variant: 'grid' | 'bar';
  onPicked?: () => void;
}

/** The modules the user may enter (farm, inventory, system), spec 01 §2.10 and §3 "Module state". */
export function ModuleSwitcher({ variant, onPicked }: ModuleSwitcherProps) {
  const { t } = useTranslation('shell');
  const message = useMessage();
  const navigate = useNavigate();
  const { tenantId, module } = useShell();
  const modules = useModules(tenantId);

  // Spec 01 §8: a failed module list shows 'request failed, contact the administrator' for 2 s.
  useEffect(() => {
    if (modules.isError)
      void message.error({ content: t('module.failed'), duration: 2, key: 'module-failed' });
  }, [modules.isError, message, t]);

  const list = Array.isArray(modules.data) ? modules.data : [];
  if (list.length === 0) return null;
  return (
    <nav className={`tl-modules tl-modules--${variant}`} aria-label={t('module.label')}>
      {list.map((entry) => {
        const current = entry.code === module.code;
        return (
          <button
            key={entry.code}
            type="button"
            className={`tl-modules__item${current ? ' tl-modules__item--current' : ''}`}
            aria-current={current ? 'page' : undefined}
            onClick={() => {
              onPicked?.();
              if (!current) navigate(landingOf(entry));
            }}
          >
            <span className="tl-modules__icon">{menuIcon(entry.icon)}</span>
            <span className="tl-modules__name">{entry.name}</span>
          </button>
        );
      })}
    </nav>
  );
}

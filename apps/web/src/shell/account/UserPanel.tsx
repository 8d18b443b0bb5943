import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../parts/UserAvatar';
import { useShell } from '../ShellContext';
import { shellPorts } from '../shellPorts';
import { ModuleSwitcher } from './ModuleSwitcher';
import { ScreensEntry } from './ScreensEntry';

/**
 * The bottom-menu popover (spec 01 §2.10): modules, account settings, theme, change enterprise (with more
 * than one tenant), the visualization entry, log out.
 */
export function UserPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { self, openThemeDrawer, openTenantSwitch } = useShell();
  const { currentTenantOf, logout } = shellPorts();
  const tenant = currentTenantOf(self);
  const run = (action: () => void) => () => {
    onDone();
    action();
  };
  return (
    <div className="tl-panel">
      <div className="tl-panel__who">
        <UserAvatar size={44} />
        <div className="tl-panel__names">
          <div className="tl-panel__name">{self.realName || self.loginName}</div>
          <div className="tl-panel__sub" title={tenant?.tenantName}>
            {tenant?.tenantName ?? self.loginName}
          </div>
        </div>
      </div>
      <ModuleSwitcher variant="grid" onPicked={onDone} />
      <div className="tl-panel__items">
        <button type="button" className="tl-panel__item" onClick={run(() => navigate('/web/user'))}>
          <UserOutlined />
          <span>{t('panel.account')}</span>
        </button>
        <button type="button" className="tl-panel__item" onClick={run(openThemeDrawer)}>
          <BgColorsOutlined />
          <span>{t('panel.theme')}</span>
        </button>
        {self.tenants.length > 1 ? (
          <button type="button" className="tl-panel__item" onClick={run(openTenantSwitch)}>
            <SwapOutlined />
            <span>{t('panel.tenant')}</span>
          </button>
        ) : null}
        <ScreensEntry onPicked={onDone} />
        <button
          type="button"
          className="tl-panel__item tl-panel__item--danger"
          onClick={run(() => void logout((to) => navigate(to, { replace: true })))}
        >
          <LogoutOutlined />
          <span>{t('panel.logout')}</span>
        </button>
      </div>
    </div>
  );
}

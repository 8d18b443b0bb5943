import Popover from 'antd/es/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPanel } from '../account/UserPanel';
import { useShell } from '../ShellContext';
import { UserAvatar } from './UserAvatar';

interface UserButtonProps {
  /** 'menu': at the foot of a side menu (opens to the right); 'header': in a top bar. */
  place: 'menu' | 'header';
  showName?: boolean;
}

/** The avatar that opens the user panel. */
export function UserButton({ place, showName = true }: UserButtonProps) {
  const { t } = useTranslation('shell');
  const { self } = useShell();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement={place === 'menu' ? 'rightBottom' : 'bottomRight'}
      arrow={false}
      content={<UserPanel onDone={() => setOpen(false)} />}
      styles={{ container: { padding: 0 } }}
    >
      <button type="button" className={`tl-user tl-user--${place}`} aria-label={t('panel.open')}>
        <UserAvatar size={place === 'menu' ? 34 : 30} />
        {showName ? (
          <span className="tl-user__name" title={self.realName || self.loginName}>
            {self.realName || self.loginName}
          </span>
        ) : null}
      </button>
    </Popover>
  );
}

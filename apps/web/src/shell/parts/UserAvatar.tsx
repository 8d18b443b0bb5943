import Avatar from 'antd/es/avatar';
import { useShell } from '../ShellContext';

/** The user's avatar, or the first letter of their name on the theme colour. */
export function UserAvatar({ size = 32 }: { size?: number }) {
  const { self } = useShell();
  const name = self.realName || self.loginName;
  return (
    <Avatar
      size={size}
      src={self.imageUrl || undefined}
      style={{ background: 'var(--tl-primary)', flex: 'none' }}
    >
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSelf } from '../api/account.api';
import { AvatarForm } from '../components/AvatarForm';
import { PasswordForm } from '../components/PasswordForm';
import { ProfileForm } from '../components/ProfileForm';
import '../account.css';

const TABS = ['info', 'avatar', 'password'] as const;
type ProfileTab = (typeof TABS)[number];
const isTab = (value: string | null): value is ProfileTab => TABS.includes(value as ProfileTab);

/** /web/user: the account settings (spec 01 §2.2); the query key `type` picks the section. */
export function UserProfilePage() {
  const { t } = useTranslation('account');
  const [search, setSearch] = useSearchParams();
  const self = useSelf().data;
  const type = search.get('type');
  const active: ProfileTab = isTab(type) ? type : 'info';
  if (!self) return null;
  return (
    <div className="tl-card tl-profile">
      <Tabs
        activeKey={active}
        onChange={(key) => setSearch(key === 'info' ? {} : { type: key }, { replace: true })}
        items={[
          { key: 'info', label: t('tabs.info'), children: <ProfileForm self={self} /> },
          { key: 'avatar', label: t('tabs.avatar'), children: <AvatarForm self={self} /> },
          { key: 'password', label: t('tabs.password'), children: <PasswordForm /> },
        ]}
      />
    </div>
  );
}

import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { accountApi, SELF_QUERY_KEY, type Self } from '../api/account.api';

/** A first check in the browser; the server checks the content itself (ARCHITECTURE §7). */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Avatar upload: the file goes to the file service, its address becomes the avatar. */
export function AvatarForm({ self }: { self: Self }) {
  const { t } = useTranslation(['account', 'common']);
  const message = useMessage();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      message.error(t('account:avatarType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      message.error(t('account:avatarSize'));
      return;
    }
    setBusy(true);
    try {
      const stored = await accountApi.upload(self.tenantId, file);
      queryClient.setQueryData(SELF_QUERY_KEY, await accountApi.setAvatar(stored.fileUrl));
      message.success(t('account:avatarSaved'));
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  const name = self.realName || self.loginName;
  return (
    <div className="tl-profile__section tl-avatar-form">
      <Avatar
        size={96}
        src={self.imageUrl || undefined}
        style={{ background: 'var(--tl-primary, #1b9961)', fontSize: 36 }}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <div>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          onChange={(e) => void upload(e)}
        />
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          {t('account:avatarUpload')}
        </Button>
        <p className="tl-avatar-form__hint">{t('account:avatarHint')}</p>
      </div>
    </div>
  );
}

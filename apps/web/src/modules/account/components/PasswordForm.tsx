import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { finishLogout } from '../../../app/session';
import { useMessage } from '../../../shared/FeedbackProvider';
import { isGeneralPassword } from '../../../shared/validators';
import { accountApi } from '../api/account.api';

interface PasswordValues {
  originalPassword: string;
  password: string;
  repeat: string;
}

/** Password change (spec 01 §5 general rule). The server ends every session, so the user signs in again. */
export function PasswordForm() {
  const { t } = useTranslation(['account', 'common']);
  const message = useMessage();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordValues) => {
    setBusy(true);
    try {
      await accountApi.changePassword({
        originalPassword: values.originalPassword,
        password: values.password,
      });
      message.success(t('account:passwordChanged'));
      await finishLogout((to) => navigate(to, { replace: true }));
    } catch {
      // Shown by the API client (e.g. the current password is wrong).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      layout="vertical"
      onFinish={(v: PasswordValues) => void submit(v)}
      style={{ maxWidth: 420 }}
      className="tl-profile__section"
    >
      <Form.Item
        name="originalPassword"
        label={t('account:originalPassword')}
        rules={[{ required: true, message: t('account:originalPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('account:newPassword')}
        extra={t('common:validation.password')}
        rules={[
          { required: true, message: t('account:newPasswordRequired') },
          {
            validator: (_, value: string | undefined) =>
              !value || isGeneralPassword(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('common:validation.password'))),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('account:repeatPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('account:repeatRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('common:validation.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('account:changePassword')}
      </Button>
    </Form>
  );
}

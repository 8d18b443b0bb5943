import LockOutlined from '@ant-design/icons/LockOutlined';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/client';
import { useMessage } from '../../../shared/FeedbackProvider';
import { isGeneralPassword } from '../../../shared/validators';
import { authApi } from '../api/auth.api';
import { AuthLayout } from '../components/AuthLayout';
import { PhoneCodeFields } from '../components/PhoneCodeFields';

interface ResetValues {
  phone: string;
  captcha: string;
  password: string;
  repeat: string;
}

/** Spec 01 §9: after a reset, back to sign-in in 2 s. */
const BACK_TO_LOGIN_MS = 2000;

/** Forgot password: phone + SMS code + a new password (spec 01 §2.8, §5). */
export function ForgetPasswordPage() {
  const { t } = useTranslation(['login', 'register', 'common']);
  const message = useMessage();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const [captchaKey, setCaptchaKey] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = async (values: ResetValues) => {
    if (!captchaKey) {
      form.setFields([{ name: 'captcha', errors: [t('register:codeNotSent')] }]);
      return;
    }
    setBusy(true);
    try {
      await authApi.resetPassword({
        phone: values.phone,
        captcha: values.captcha.trim(),
        captchaKey,
        password: values.password,
      });
      setDone(true);
      message.success(t('login:resetDone'));
      timer.current = setTimeout(() => navigate('/login', { replace: true }), BACK_TO_LOGIN_MS);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const required = (text: string) => ({ required: true, whitespace: true, message: text });

  return (
    <AuthLayout>
      <h2>{t('login:resetTitle')}</h2>
      <p className="tl-auth__hint">{t('login:resetHint')}</p>
      <Form form={form} name="forget" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
        <PhoneCodeFields onSent={setCaptchaKey} />
        <Form.Item
          name="password"
          rules={[
            required(t('login:newPasswordRequired')),
            {
              validator: (_, value: string | undefined) =>
                !value || isGeneralPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.password'))),
            },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login:newPassword')}
            aria-label={t('login:newPassword')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="repeat"
          dependencies={['password']}
          rules={[
            required(t('login:repeatRequired')),
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login:repeatPassword')}
            aria-label={t('login:repeatPassword')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" block htmlType="submit" loading={busy} disabled={done}>
            {t('common:action.confirm')}
          </Button>
        </Form.Item>
      </Form>
      <div className="tl-auth__footer-links">
        <span />
        <Link to="/login">{t('register:backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}

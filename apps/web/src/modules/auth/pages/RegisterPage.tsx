import BankOutlined from '@ant-design/icons/BankOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../shared/api/client';
import { useMessage } from '../../../shared/FeedbackProvider';
import { TimeZoneSelect } from '../../../shared/form/TimeZoneSelect';
import { browserTimeZone, timeZoneLabel } from '../../../shared/format/timeZones';
import { isRegisterPassword } from '../../../shared/validators';
import { authApi } from '../api/auth.api';
import { AuthLayout } from '../components/AuthLayout';
import { PhoneCodeFields } from '../components/PhoneCodeFields';

interface RegisterValues {
  realName: string;
  password: string;
  tenantName: string;
  phone: string;
  captcha: string;
  timeZone: string;
}

/** Server codes meaning the phone (the login name) is already taken. */
export const PHONE_TAKEN_CODES = ['hiam.warn.user.loginNameExists', 'wfpf.user.hadRegister'];

/** Registration: a new enterprise (tenant) with its first user (spec 01 §2.8, §5). */
export function RegisterPage() {
  const { t } = useTranslation(['register', 'common']);
  const message = useMessage();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [captchaKey, setCaptchaKey] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The tenant's days follow its zone (ADR 0010): Asia/Shanghai unless chosen; the browser's is offered.
  const [browserZone] = useState(browserTimeZone);
  const zone = Form.useWatch('timeZone', form);

  const submit = async (values: RegisterValues) => {
    if (!captchaKey) {
      form.setFields([{ name: 'captcha', errors: [t('register:codeNotSent')] }]);
      return;
    }
    setBusy(true);
    try {
      await authApi.register({
        realName: values.realName.trim(),
        password: values.password,
        tenantName: values.tenantName.trim(),
        phone: values.phone,
        captcha: values.captcha.trim(),
        captchaKey,
        timeZone: values.timeZone,
      });
      message.success(t('register:success'));
      navigate('/login', { replace: true });
    } catch (err) {
      const taken = err instanceof ApiError && PHONE_TAKEN_CODES.includes(err.code);
      message.error(taken ? t('register:phoneTaken') : errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const required = (text: string) => ({ required: true, whitespace: true, message: text });

  return (
    <AuthLayout>
      <h2>{t('register:title')}</h2>
      <p className="tl-auth__hint">{t('register:hint')}</p>
      <Form form={form} name="register" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="realName" rules={[required(t('register:realNameRequired')), { max: 60 }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('register:realName')}
            aria-label={t('register:realName')}
          />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            required(t('register:passwordRequired')),
            {
              validator: (_, value: string | undefined) =>
                !value || isRegisterPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('register:passwordRule'))),
            },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('register:password')}
            aria-label={t('register:password')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="tenantName" rules={[required(t('register:tenantNameRequired')), { max: 60 }]}>
          <Input
            prefix={<BankOutlined />}
            placeholder={t('register:tenantName')}
            aria-label={t('register:tenantName')}
          />
        </Form.Item>
        <Form.Item
          name="timeZone"
          initialValue={DEFAULT_TIME_ZONE}
          rules={[{ required: true, message: t('register:timeZoneRequired') }]}
          extra={
            browserZone && browserZone !== (zone ?? DEFAULT_TIME_ZONE) ? (
              <span>
                {t('register:browserZone', { zone: timeZoneLabel(browserZone) })}{' '}
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => form.setFieldValue('timeZone', browserZone)}
                >
                  {t('register:useBrowserZone')}
                </Button>
              </span>
            ) : (
              t('register:timeZoneHelp')
            )
          }
        >
          <TimeZoneSelect aria-label={t('register:timeZone')} placeholder={t('register:timeZone')} />
        </Form.Item>
        <PhoneCodeFields onSent={setCaptchaKey} />
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" block htmlType="submit" loading={busy}>
            {t('register:apply')}
          </Button>
        </Form.Item>
      </Form>
      <div className="tl-auth__footer-links">
        <span>{t('register:haveAccount')}</span>
        <Link to="/login">{t('register:backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}

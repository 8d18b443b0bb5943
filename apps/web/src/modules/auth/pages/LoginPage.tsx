import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input, { type InputRef } from 'antd/es/input';
import { type AnimationEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/client';
import { SESSION_KEYS, saveTokens, session } from '../../../shared/storage';
import { isBlank } from '../../../shared/validators';
import { authApi, captchaImageUrl } from '../api/auth.api';
import { AuthLayout } from '../components/AuthLayout';
import { redirectAfterLogin } from '../redirect';

interface LoginValues {
  username: string;
  password: string;
  captcha?: string;
}

const AUTOFILL_ANIMATION = 'tl-autofill-start';

/** Sign-in (spec 01 §2.7, §4). */
export function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const username: string = Form.useWatch('username', form) ?? '';
  const password: string = Form.useWatch('password', form) ?? '';
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaKey, setCaptchaKey] = useState<string>();
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  const captchaRef = useRef<InputRef>(null);
  const keyRef = useRef<string | undefined>(undefined);
  keyRef.current = captchaKey;

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptchaKey(await authApi.newCaptchaKey());
    } catch {
      setCaptchaKey(undefined);
    }
  }, []);

  /** Asks whether this username must solve a captcha; `fresh` draws a new one even if one is shown. */
  const checkCaptcha = useCallback(
    async (name: string, fresh: boolean) => {
      if (isBlank(name)) return;
      try {
        const need = await authApi.needsCaptcha(name.trim());
        setNeedCaptcha(need);
        if (need && (fresh || !keyRef.current)) await refreshCaptcha();
      } catch {
        // The sign-in attempt reports what is wrong; the captcha check stays as it was.
      }
    },
    [refreshCaptcha],
  );

  useEffect(() => {
    if (isBlank(username)) {
      setNeedCaptcha(false);
      return;
    }
    const timer = setTimeout(() => void checkCaptcha(username, false), 400);
    return () => clearTimeout(timer);
  }, [username, checkCaptcha]);

  const submit = async () => {
    if (busy) return;
    let values: LoginValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const answer = await authApi.login({
        username: values.username,
        password: values.password,
        captchaKey: needCaptcha ? captchaKey : undefined,
        captcha: needCaptcha ? values.captcha : undefined,
      });
      if (!answer.access_token) {
        message.error(answer.message || t('login:failed'));
        return;
      }
      saveTokens(answer.access_token, answer.refresh_token);
      const target = redirectAfterLogin(search.get('redirect'), session.get(SESSION_KEYS.redirect));
      session.remove(SESSION_KEYS.redirect);
      navigate(target, { replace: true });
    } catch (err) {
      message.error(errorText(err));
      form.setFieldValue('captcha', '');
      await checkCaptcha(values.username, true);
    } finally {
      setBusy(false);
    }
  };

  // Browser autofill of both fields signs in by itself (spec 01 §2.7). Autofill starts a CSS animation on
  // the filled inputs (auth.css); once both have fired and both hold a value, one attempt is made.
  const autofilled = useRef({ username: false, password: false, tried: false });
  const onAutofill = (field: 'username' | 'password') => (e: AnimationEvent<HTMLInputElement>) => {
    if (e.animationName !== AUTOFILL_ANIMATION) return;
    const state = autofilled.current;
    state[field] = true;
    if (!state.username || !state.password || state.tried) return;
    setTimeout(() => {
      const user = usernameRef.current?.input?.value ?? '';
      const pass = passwordRef.current?.input?.value ?? '';
      if (state.tried || isBlank(user) || !pass) return;
      state.tried = true;
      form.setFieldsValue({ username: user, password: pass });
      void submit();
    }, 150);
  };

  const ready = !isBlank(username) && !isBlank(password);
  const required = (text: string) => [{ required: true, whitespace: true, message: text }];

  return (
    <AuthLayout title={t('login:title')}>
      <h2>{t('login:welcome')}</h2>
      <p className="tl-auth__hint">{t('login:hint')}</p>
      <Form form={form} name="login" size="large" autoComplete="on" requiredMark={false}>
        <Form.Item name="username" rules={required(t('login:usernameRequired'))}>
          <Input
            ref={usernameRef}
            prefix={<UserOutlined />}
            placeholder={t('login:username')}
            aria-label={t('login:username')}
            autoComplete="username"
            autoFocus
            onAnimationStart={onAutofill('username')}
            onPressEnter={() => passwordRef.current?.focus()}
          />
        </Form.Item>
        <Form.Item name="password" rules={required(t('login:passwordRequired'))}>
          <Input.Password
            ref={passwordRef}
            prefix={<LockOutlined />}
            placeholder={t('login:password')}
            aria-label={t('login:password')}
            autoComplete="current-password"
            onAnimationStart={onAutofill('password')}
            onPressEnter={() => (needCaptcha ? captchaRef.current?.focus() : void submit())}
          />
        </Form.Item>
        {needCaptcha ? (
          <Form.Item required>
            <div className="tl-auth__captcha">
              <Form.Item name="captcha" noStyle rules={required(t('login:captchaRequired'))}>
                <Input
                  ref={captchaRef}
                  prefix={<SafetyOutlined />}
                  placeholder={t('login:captcha')}
                  aria-label={t('login:captcha')}
                  autoComplete="off"
                  maxLength={8}
                  onPressEnter={() => void submit()}
                />
              </Form.Item>
              <button
                type="button"
                className="tl-auth__captcha-image"
                title={t('login:captchaRefresh')}
                onClick={() => void refreshCaptcha()}
              >
                {captchaKey ? (
                  <img src={captchaImageUrl(captchaKey)} alt={t('login:captchaRefresh')} />
                ) : (
                  t('login:captchaRefresh')
                )}
              </button>
            </div>
          </Form.Item>
        ) : null}
        <Form.Item style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            block
            htmlType="button"
            disabled={!ready}
            loading={busy}
            onClick={() => void submit()}
          >
            {busy ? t('login:signingIn') : t('login:signIn')}
          </Button>
        </Form.Item>
      </Form>
      <div className="tl-auth__footer-links">
        <Link to="/forgetPassword">{t('login:forgot')}</Link>
        <Link to="/register">{t('login:register')}</Link>
      </div>
    </AuthLayout>
  );
}

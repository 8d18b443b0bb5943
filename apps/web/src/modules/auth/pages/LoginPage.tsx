import {
  type AnimationEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/client';
import { LockIcon, SafetyIcon, UserIcon } from '../../../shared/icons/inlineIcons';
import { LOCAL_KEYS, local, SESSION_KEYS, saveTokens, session } from '../../../shared/storage';
import { toastError } from '../../../shared/toast';
import { isBlank } from '../../../shared/validators';
import { loginBannerTenant } from '../../content/media/LoginBanners';
import { authApi, captchaImageUrl } from '../api/auth.api';
import { AuthLayout } from '../components/AuthLayout';
import { SubmitButton, TextField } from '../components/LoginFields';
import { type LoginField as Field, loginErrors, type LoginValues as Values } from '../loginRules';
import { redirectAfterLogin } from '../redirect';

const AUTOFILL_ANIMATION = 'tl-autofill-start';

// The tenant's login banners (issue 19): their own chunk with the query cache and antd's theme they use,
// loaded after the form and only when there is a tenant to show banners for.
const LoginBanners = lazy(() =>
  import('../components/LoginBannersSlot').then((m) => ({ default: m.LoginBannersSlot })),
);

/** A field with its error line (the sign-in form is kept free of antd's Form to stay small). */
const FieldRow = ({ error, children }: { error?: string; children: ReactNode }) => (
  <div className="tl-auth__field">
    {children}
    <div className="tl-auth__error" role={error ? 'alert' : undefined}>
      {error}
    </div>
  </div>
);

/**
 * Sign-in (spec 01 §2.7, §4). Drawn without antd and react-query (LoginFields, shared/toast): the front
 * door ships ≤ 150 KB of JavaScript (issue 20). Errors go to a toast like antd's message.
 */
export function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [values, setValues] = useState<Values>({ username: '', password: '', captcha: '' });
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaKey, setCaptchaKey] = useState<string>();
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<string | undefined>(undefined);
  keyRef.current = captchaKey;

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid((list) => list.filter((f) => f !== field));
  };

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
    if (isBlank(values.username)) {
      setNeedCaptcha(false);
      return;
    }
    const timer = setTimeout(() => void checkCaptcha(values.username, false), 400);
    return () => clearTimeout(timer);
  }, [values.username, checkCaptcha]);

  const submit = async (input: Values = values) => {
    if (busy) return;
    const errors = loginErrors(input, needCaptcha);
    setInvalid(errors);
    const first = errors[0];
    if (first) {
      ({ username: usernameRef, password: passwordRef, captcha: captchaRef })[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await authApi.login({
        username: input.username,
        password: input.password,
        captchaKey: needCaptcha ? captchaKey : undefined,
        captcha: needCaptcha ? input.captcha : undefined,
      });
      if (!answer.access_token) {
        toastError(answer.message || t('login:failed'));
        return;
      }
      saveTokens(answer.access_token, answer.refresh_token);
      // The newest unread announcement opens once after each sign-in (spec 01 §4).
      local.set(LOCAL_KEYS.noticeToken, 'true');
      const target = redirectAfterLogin(search.get('redirect'), session.get(SESSION_KEYS.redirect));
      session.remove(SESSION_KEYS.redirect);
      navigate(target, { replace: true });
    } catch (err) {
      toastError(errorText(err));
      setValues((v) => ({ ...v, captcha: '' }));
      await checkCaptcha(input.username, true);
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
      const username = usernameRef.current?.value ?? '';
      const password = passwordRef.current?.value ?? '';
      if (state.tried || isBlank(username) || !password) return;
      state.tried = true;
      const filled = { username, password, captcha: '' };
      setValues(filled);
      void submit(filled);
    }, 150);
  };

  const ready = !isBlank(values.username) && !isBlank(values.password);
  const error = (field: Field, text: string) => (invalid.includes(field) ? text : undefined);
  const showBanners = loginBannerTenant(search.get('tenant')) !== null;

  return (
    <AuthLayout>
      <h2>{t('login:welcome')}</h2>
      <p className="tl-auth__hint">{t('login:hint')}</p>
      <form
        className="tl-auth__form"
        autoComplete="on"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FieldRow error={error('username', t('login:usernameRequired'))}>
          <TextField
            inputRef={usernameRef}
            id="login_username"
            name="username"
            invalid={invalid.includes('username')}
            prefix={UserIcon}
            label={t('login:username')}
            autoComplete="username"
            autoFocus
            value={values.username}
            onChange={set('username')}
            onAnimationStart={onAutofill('username')}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              passwordRef.current?.focus();
            }}
          />
        </FieldRow>
        <FieldRow error={error('password', t('login:passwordRequired'))}>
          <TextField
            inputRef={passwordRef}
            id="login_password"
            name="password"
            invalid={invalid.includes('password')}
            prefix={LockIcon}
            label={t('login:password')}
            password={{ show: t('login:showPassword'), hide: t('login:hidePassword') }}
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            onAnimationStart={onAutofill('password')}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || !needCaptcha) return;
              e.preventDefault();
              captchaRef.current?.focus();
            }}
          />
        </FieldRow>
        {needCaptcha ? (
          <FieldRow error={error('captcha', t('login:captchaRequired'))}>
            <div className="tl-auth__captcha">
              <TextField
                inputRef={captchaRef}
                id="login_captcha"
                name="captcha"
                invalid={invalid.includes('captcha')}
                prefix={SafetyIcon}
                label={t('login:captcha')}
                autoComplete="off"
                maxLength={8}
                value={values.captcha}
                onChange={set('captcha')}
              />
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
          </FieldRow>
        ) : null}
        <SubmitButton
          disabled={!ready}
          loading={busy}
          label={busy ? t('login:signingIn') : t('login:signIn')}
        />
      </form>
      <div className="tl-auth__footer-links">
        <Link to="/forgetPassword">{t('login:forgot')}</Link>
        <Link to="/register">{t('login:register')}</Link>
      </div>
      {showBanners ? (
        <Suspense fallback={null}>
          <LoginBanners />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}

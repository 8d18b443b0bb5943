import { isBlank } from '../../shared/validators';

export type LoginField = 'username' | 'password' | 'captcha';
export type LoginValues = Record<LoginField, string>;

/** Spec 01 §5: username and password required, the captcha when shown; none may be only spaces. */
export const loginErrors = (values: LoginValues, needCaptcha: boolean): LoginField[] =>
  (['username', 'password', 'captcha'] as const).filter(
    (field) => (field !== 'captcha' || needCaptcha) && isBlank(values[field]),
  );

import { describe, expect, it } from 'vitest';
import { loginErrors } from './loginRules';

describe('sign-in form rules', () => {
  it('needs username and password, not only spaces; the captcha only when shown', () => {
    expect(loginErrors({ username: '', password: '', captcha: '' }, false)).toEqual(['username', 'password']);
    expect(loginErrors({ username: '  ', password: 'x', captcha: '' }, false)).toEqual(['username']);
    expect(loginErrors({ username: 'demo', password: 'demo1234', captcha: '' }, false)).toEqual([]);
    expect(loginErrors({ username: 'demo', password: 'demo1234', captcha: ' ' }, true)).toEqual(['captcha']);
  });
});

import { describe, expect, it } from 'vitest';
import { randomDeviceId } from './api/auth.api';
import { redirectAfterLogin, safeRedirect } from './redirect';

describe('after sign-in', () => {
  it('goes to the query redirect, else the saved one, else the farm home', () => {
    expect(redirectAfterLogin('/web/user', '/web/farm/base')).toBe('/web/user');
    expect(redirectAfterLogin(null, '/web/farm/base?x=1')).toBe('/web/farm/base?x=1');
    expect(redirectAfterLogin(null, null)).toBe('/web/farm/home');
  });

  it('refuses other sites and the sign-in pages', () => {
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect('/register')).toBeNull();
    expect(redirectAfterLogin('//evil', '/login')).toBe('/web/farm/home');
  });

  it('sends a device id of 6 digits', () => {
    expect(randomDeviceId(() => 0)).toBe('000000');
    expect(randomDeviceId(() => 0.999_999_9)).toBe('999999');
    expect(randomDeviceId()).toMatch(/^\d{6}$/);
  });
});

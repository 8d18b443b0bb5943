import type { TenantSettings } from '@tilth/contracts/tenant.types';
import { expect, vi } from 'vitest';
import { dayOf } from '../../../platform/time/zone.js';
import { auth, json, type TestServer } from '../../../test/harness.js';

// Helpers for the tests that move a fixture tenant to another time zone and check that farm days follow.

export const SHANGHAI = 'Asia/Shanghai';
export const NEW_YORK = 'America/New_York';

const HOUR = 3_600_000;

/**
 * An instant near now at which New York and Shanghai are on different calendar days: now itself when they
 * already are, else the nearer of 03:30 UTC (New York still on the day before, EST or EDT) and 16:30 UTC
 * (Shanghai already on the day after) of today, so tokens and data made around now stay plausible.
 */
export const splitInstant = (real: Date = new Date()): Date => {
  if (dayOf(real, NEW_YORK) !== dayOf(real, SHANGHAI)) return real;
  const midnight = Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate());
  const early = midnight + 3.5 * HOUR;
  const late = midnight + 16.5 * HOUR;
  const at = Math.abs(real.getTime() - early) < Math.abs(late - real.getTime()) ? early : late;
  return new Date(at);
};

/** Runs fn with the clock (Date only, timers stay real) stopped at `at`, then puts the real clock back. */
export const atInstant = async <T>(at: Date, fn: () => Promise<T>): Promise<T> => {
  vi.setSystemTime(at);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
};

/** The New York and Shanghai days of an instant, asserted to differ (what makes a test tell them apart). */
export const daysAt = (at: Date): { newYork: string; shanghai: string } => {
  const days = { newYork: dayOf(at, NEW_YORK), shanghai: dayOf(at, SHANGHAI) };
  expect(days.newYork).not.toBe(days.shanghai);
  return days;
};

/** Sets a tenant's zone through tenant settings, which also forgets the zone cached for its requests. */
export const setTenantZone = async (
  s: TestServer,
  token: string,
  tenantId: number,
  timeZone: string,
): Promise<void> => {
  const url = `/wfpf/v1/${tenantId}/tenant/settings`;
  const cur = json<TenantSettings>(await s.inject({ method: 'GET', url, headers: auth(token) }));
  const res = await s.inject({ method: 'PUT', url, headers: auth(token), payload: { ...cur, timeZone } });
  expect(res.statusCode, res.body).toBe(200);
};

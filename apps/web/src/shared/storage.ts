// Browser storage keys (spec 01 §9). Local: survives the browser; session: one tab's visit.
export const LOCAL_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  noticeToken: 'notice_token',
  language: 'language',
  /** Whether the side menu is expanded ('1') or collapsed ('0'); absent means the layout's default. */
  menuOpen: 'menu_open',
} as const;

export const SESSION_KEYS = {
  /** The selected base (JSON of the area). */
  area: 'area',
  /** Where to go back to after signing in again. */
  redirect: 'redirect',
} as const;

type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

// Storage may be unavailable (privacy modes, tests in Node); the console then simply forgets.
const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const local = {
  get: (key: LocalKey): string | null => safe(() => localStorage.getItem(key), null),
  set: (key: LocalKey, value: string): void => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: LocalKey): void => safe(() => localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: SessionKey): string | null => safe(() => sessionStorage.getItem(key), null),
  set: (key: SessionKey, value: string): void => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: SessionKey): void => safe(() => sessionStorage.removeItem(key), undefined),
};

export const getAccessToken = (): string | null => local.get(LOCAL_KEYS.accessToken);
export const hasAccessToken = (): boolean => Boolean(getAccessToken());

export const saveTokens = (accessToken: string, refreshToken: string | undefined): void => {
  local.set(LOCAL_KEYS.accessToken, accessToken);
  if (refreshToken) local.set(LOCAL_KEYS.refreshToken, refreshToken);
};

/** What signing out or an ended session forgets (spec 01 §4). */
export const clearSession = (): void => {
  local.remove(LOCAL_KEYS.accessToken);
  local.remove(LOCAL_KEYS.refreshToken);
  local.remove(LOCAL_KEYS.noticeToken);
  session.remove(SESSION_KEYS.area);
};

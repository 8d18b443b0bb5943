import type { MenuTheme } from '@tilth/contracts/tenant.types';
import { api } from '../../shared/api/client';
import { createStore, useStore } from '../../shared/store';
import { DEFAULT_THEME, parseTheme, sameTheme, type ThemeConfig } from './theme';

// The signed-in user's theme (GET/POST /wfpf/v1/{t}/menu-theme). The shell loads it and applies it; the
// theme drawer previews and saves through useTheme().

interface ThemeState {
  theme: ThemeConfig;
  /** What the server holds; `theme` differs from it while a change is previewed. */
  saved: ThemeConfig;
  loaded: boolean;
  tenantId?: number;
  userId?: number;
  open: 0 | 1;
  objectVersionNumber: number;
}

const initial: ThemeState = {
  theme: DEFAULT_THEME,
  saved: DEFAULT_THEME,
  loaded: false,
  open: 1,
  objectVersionNumber: 0,
};

export const themeStore = createStore<ThemeState>(initial);

const apply = (answer: MenuTheme, tenantId: number): void => {
  const theme = parseTheme(answer.theme);
  themeStore.set((s) => ({
    ...s,
    theme,
    saved: theme,
    loaded: true,
    tenantId,
    userId: answer.userId,
    open: answer.open,
    objectVersionNumber: answer.objectVersionNumber,
  }));
};

export const loadTheme = async (tenantId: number): Promise<void> => {
  try {
    apply(await api.get<MenuTheme>(`/wfpf/v1/${tenantId}/menu-theme`, { globalErrors: false }), tenantId);
  } catch (err) {
    // Spec 01 §8: a failed theme load is only logged; the shell keeps the defaults.
    console.warn('theme load failed', err);
    themeStore.set((s) => ({ ...s, loaded: true, tenantId }));
  }
};

/**
 * Re-reads the saved theme and its version but keeps the preview: after a 409 (someone saved meanwhile)
 * the user sees the server's message and may save the preview again over the newer version.
 */
export const refreshSavedTheme = async (): Promise<void> => {
  const { tenantId } = themeStore.get();
  if (tenantId === undefined) return;
  try {
    const answer = await api.get<MenuTheme>(`/wfpf/v1/${tenantId}/menu-theme`, { globalErrors: false });
    const saved = parseTheme(answer.theme);
    themeStore.set((s) => ({
      ...s,
      saved,
      open: answer.open,
      objectVersionNumber: answer.objectVersionNumber,
    }));
  } catch (err) {
    console.warn('theme load failed', err);
  }
};

/** Shows a theme without saving it (the drawer's live preview). */
export const previewTheme = (partial: Partial<ThemeConfig>): void =>
  themeStore.set((s) => ({ ...s, theme: { ...s.theme, ...partial } }));

/** Previews the default theme (spec 01 §3); like any preview it is kept only when saved. */
export const previewDefaultTheme = (): void => previewTheme(DEFAULT_THEME);

/** Drops an unsaved preview. */
export const revertTheme = (): void => themeStore.set((s) => ({ ...s, theme: s.saved }));

/** Saves the theme (the previewed one by default); rejects with the server's error. */
export const saveTheme = async (theme: ThemeConfig = themeStore.get().theme): Promise<void> => {
  const { tenantId, userId, open, objectVersionNumber } = themeStore.get();
  if (tenantId === undefined || userId === undefined) throw new Error('theme not loaded');
  const answer = await api.post<MenuTheme>(`/wfpf/v1/${tenantId}/menu-theme`, {
    json: {
      userId,
      theme: JSON.stringify(theme),
      open,
      ...(objectVersionNumber > 0 ? { objectVersionNumber } : {}),
    },
  });
  apply(answer, tenantId);
};

export const resetThemeStore = (): void => themeStore.set(initial);

export const useTheme = () => {
  const state = useStore(themeStore);
  return {
    theme: state.theme,
    saved: state.saved,
    loaded: state.loaded,
    /** The previewed theme differs from the saved one. */
    dirty: !sameTheme(state.theme, state.saved),
    preview: previewTheme,
    previewDefaults: previewDefaultTheme,
    revert: revertTheme,
    save: saveTheme,
    reload: () => (state.tenantId === undefined ? Promise.resolve() : loadTheme(state.tenantId)),
  };
};

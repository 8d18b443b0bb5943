import { configureClient } from '../shared/api/client';
import { selectArea } from '../shared/area/areaStore';
import { changeLanguage } from '../shared/i18n/i18n';
import { resetPermissionCache } from '../shared/permission/permissionCache';
import { clearSession } from '../shared/storage';

type Listener = () => void;
const endListeners = new Set<Listener>();

/** Lets the shell (and the query cache, once loaded) drop what belongs to a session when it ends. */
export const onSessionEnd = (listener: Listener): (() => void) => {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
};

/** Forgets everything the signed-in user had loaded (cached answers, permissions, tabs). */
export const dropSessionState = (): void => {
  for (const listener of endListeners) listener();
  resetPermissionCache();
};

/** Spec 01 §4 logout, after the server call: language back to zh-CN, tokens and area forgotten. */
export const finishLogout = async (navigate: (to: string) => void): Promise<void> => {
  clearSession();
  selectArea(null);
  navigate('/login');
  dropSessionState();
  await changeLanguage('zh-CN');
};

export const connectClient = (navigate: (to: string) => void, currentPath: () => string): void => {
  configureClient({ navigate, currentPath, onSessionEnd: dropSessionState });
};

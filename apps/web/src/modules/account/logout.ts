import { finishLogout } from '../../app/session';
import { api } from '../../shared/api/client';
import { getAccessToken } from '../../shared/storage';

/** Spec 01 §4: revoke the session on the server (its errors are swallowed), then forget it locally. */
export const logout = async (navigate: (to: string) => void): Promise<void> => {
  const token = getAccessToken();
  if (token) {
    try {
      await api.post('/oauth/token/logout', { form: { access_token: token }, globalErrors: false });
    } catch {
      // Signing out locally is what matters; a server that cannot be reached forgets the session later.
    }
  }
  await finishLogout(navigate);
};

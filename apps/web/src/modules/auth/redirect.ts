import { FARM_HOME } from '../../app/modules';

const PUBLIC_ONLY = ['/login', '/register', '/forgetPassword'];

/** A same-site path to return to after signing in; anything else (other hosts, the sign-in pages) is refused. */
export const safeRedirect = (candidate: string | null | undefined): string | null => {
  if (!candidate?.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) {
    return null;
  }
  const path = candidate.split(/[?#]/)[0] ?? '';
  return PUBLIC_ONLY.includes(path) ? null : candidate;
};

/** Spec 01 §4: the query's redirect, else the saved one, else the farm home. */
export const redirectAfterLogin = (fromQuery: string | null, fromSession: string | null): string =>
  safeRedirect(fromQuery) ?? safeRedirect(fromSession) ?? FARM_HOME;

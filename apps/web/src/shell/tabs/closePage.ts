import { useCallback, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ModuleArea } from '../../app/modules';
import { ShellContext } from '../ShellContext';
import { dispatchPane } from './paneStore';
import { paneKey } from './panes';

// A form page that has saved is done: its tab closes and the list or the saved record's page shows
// instead, so the strip does not fill with stale forms (a tab left open would show the form again).

/** Closes the tab of `fromPath` in the module's strip, then goes to `to` (replacing the form's entry). */
export const closePageAndGo = (
  module: ModuleArea | undefined,
  fromPath: string,
  to: string,
  navigate: (to: string, opts: { replace: boolean }) => void,
): void => {
  const key = paneKey(fromPath);
  if (module && key !== paneKey(to)) dispatchPane(module, { type: 'close', key });
  navigate(to, { replace: true });
};

/** For a page: `closePage(to)` closes its own tab and shows `to`. */
export const useClosePage = (): ((to: string) => void) => {
  const shell = useContext(ShellContext);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (to: string) => closePageAndGo(shell?.module, pathname, to, navigate),
    [shell?.module, pathname, navigate],
  );
};

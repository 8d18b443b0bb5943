import { useState } from 'react';
import { LOCAL_KEYS, local } from '../shared/storage';
import { menuOpenByDefault, type ThemeLayout } from './theme/theme';

/** Whether the side menu is expanded: the user's last choice (local storage), else the layout's default. */
export const useMenuOpenState = (layout: ThemeLayout): [boolean, (open: boolean) => void] => {
  const [stored, setStored] = useState(() => local.get(LOCAL_KEYS.menuOpen));
  const open = stored === '1' ? true : stored === '0' ? false : menuOpenByDefault(layout);
  const setOpen = (next: boolean) => {
    const value = next ? '1' : '0';
    local.set(LOCAL_KEYS.menuOpen, value);
    setStored(value);
  };
  return [open, setOpen];
};

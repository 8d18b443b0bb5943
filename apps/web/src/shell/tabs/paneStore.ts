import type { ModuleArea, ModuleCode } from '../../app/modules';
import { createStore, useStore } from '../../shared/store';
import { activePane, createStrip, type PaneAction, type PaneStrip, paneReducer } from './panes';

// One tab strip per module area; the strips outlive module switches so kept-alive pages survive them.
export const paneStore = createStore<Partial<Record<ModuleCode, PaneStrip>>>({});

export const stripOf = (module: ModuleArea): PaneStrip =>
  paneStore.get()[module.code] ?? createStrip(module.home);

/** Applies an action; answers the path to show when the shown tab changed (closing it), else undefined. */
export const dispatchPane = (module: ModuleArea, action: PaneAction): string | undefined => {
  const before = stripOf(module);
  const after = paneReducer(before, action);
  if (after !== before || !paneStore.get()[module.code])
    paneStore.set((s) => ({ ...s, [module.code]: after }));
  return after.activeKey !== before.activeKey && action.type !== 'open' ? activePane(after)?.path : undefined;
};

/** Spec 01 §4: without an access token every tab is dropped. */
export const resetPanes = (): void => paneStore.set({});

export const usePaneStrips = () => useStore(paneStore);

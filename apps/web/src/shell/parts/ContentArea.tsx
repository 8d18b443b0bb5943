import { useShell } from '../ShellContext';
import { PaneHost } from '../tabs/PaneHost';
import { TabStrip } from '../tabs/TabStrip';

/** The tab strip (when tabs are on in the theme) over the pages. */
export function ContentArea() {
  const { theme, module, menu } = useShell();
  return (
    <div className="tl-body">
      {theme.label === 1 ? <TabStrip module={module} menu={menu} theme={theme} /> : null}
      <div className="tl-main">
        <PaneHost module={module} menu={menu} />
      </div>
    </div>
  );
}

import { ModuleSwitcher } from '../account/ModuleSwitcher';
import { BrandMark } from '../parts/BrandMark';
import { ContentArea } from '../parts/ContentArea';
import { Breadcrumbs, CollapseToggle, HeaderTools } from '../parts/HeaderBar';
import { NavMenu } from '../parts/NavMenu';
import { useShell } from '../ShellContext';

/** synthesis: a top bar in the menu colour with the modules, a white side menu of the current module. */
export function SynthesisLayout() {
  const { menu, menuOpen } = useShell();
  return (
    <div className="tl-synthesis">
      <header className="tl-topbar">
        <BrandMark />
        <ModuleSwitcher variant="bar" />
        <HeaderTools tone="dark" withUser />
      </header>
      <div className="tl-synthesis__body">
        <aside className={`tl-synthesis__menu${menuOpen ? '' : ' is-collapsed'}`}>
          <div className="tl-scroll">
            <NavMenu nodes={menu} mode="inline" tone="light" collapsed={!menuOpen} />
          </div>
          <div className="tl-side-foot tl-side-foot--light">
            <CollapseToggle />
          </div>
        </aside>
        <div className="tl-synthesis__main">
          <div className="tl-synthesis__crumbs">
            <Breadcrumbs />
          </div>
          <ContentArea />
        </div>
      </div>
    </div>
  );
}

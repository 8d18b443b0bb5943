import { BrandMark } from '../parts/BrandMark';
import { ContentArea } from '../parts/ContentArea';
import { HeaderTools } from '../parts/HeaderBar';
import { NavMenu } from '../parts/NavMenu';
import { useShell } from '../ShellContext';

/** crosswise: one top bar carrying the whole menu horizontally (sub-menus drop down, 200 px wide). */
export function CrosswiseLayout() {
  const { menu } = useShell();
  return (
    <div className="tl-crosswise">
      <header className="tl-topbar">
        <BrandMark />
        <div className="tl-topbar__menu">
          <NavMenu nodes={menu} mode="horizontal" tone="dark" popupClassName="tl-cross-popup" />
        </div>
        <HeaderTools tone="dark" withUser />
      </header>
      <ContentArea />
    </div>
  );
}

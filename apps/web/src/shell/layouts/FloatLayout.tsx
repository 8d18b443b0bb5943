import { BrandMark } from '../parts/BrandMark';
import { ContentArea } from '../parts/ContentArea';
import { HeaderBar } from '../parts/HeaderBar';
import { NavMenu } from '../parts/NavMenu';
import { UserButton } from '../parts/UserButton';
import { useShell } from '../ShellContext';

/** float: a rounded, floating menu card beside floating header and content cards. */
export function FloatLayout() {
  const { menu, menuOpen } = useShell();
  return (
    <div className="tl-float">
      <aside className={`tl-float__menu${menuOpen ? '' : ' is-collapsed'}`}>
        <BrandMark compact={!menuOpen} />
        <div className="tl-scroll">
          <NavMenu nodes={menu} mode="inline" tone="dark" collapsed={!menuOpen} />
        </div>
        <div className="tl-side-foot">
          <UserButton place="menu" showName={menuOpen} />
        </div>
      </aside>
      <div className="tl-float__main">
        <HeaderBar floating />
        <ContentArea />
      </div>
    </div>
  );
}

import { BrandMark } from '../parts/BrandMark';
import { ContentArea } from '../parts/ContentArea';
import { HeaderBar } from '../parts/HeaderBar';
import { NavMenu } from '../parts/NavMenu';
import { UserButton } from '../parts/UserButton';
import { useShell } from '../ShellContext';

/** lengthway: the classic full-height side menu in the menu colour, a plain header over the content. */
export function LengthwayLayout() {
  const { menu, menuOpen } = useShell();
  return (
    <div className="tl-lengthway">
      <aside className={`tl-lengthway__menu${menuOpen ? '' : ' is-collapsed'}`}>
        <BrandMark compact={!menuOpen} />
        <div className="tl-scroll">
          <NavMenu nodes={menu} mode="inline" tone="dark" collapsed={!menuOpen} />
        </div>
        <div className="tl-side-foot">
          <UserButton place="menu" showName={menuOpen} />
        </div>
      </aside>
      <div className="tl-lengthway__main">
        <HeaderBar />
        <ContentArea />
      </div>
    </div>
  );
}

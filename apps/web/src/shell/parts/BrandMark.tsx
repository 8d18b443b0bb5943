import { Logo } from '../../shared/brand/Logo';
import { useShell } from '../ShellContext';

/** Logo and product name at the head of a menu; the name hides when the menu is collapsed. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { brand } = useShell();
  return (
    <div className={`tl-brand${compact ? ' tl-brand--compact' : ''}`}>
      <Logo src={brand.menuLogo || brand.workLogo} size={30} alt={brand.loginTitle} />
      {compact ? null : (
        <span className="tl-brand__name" title={brand.loginTitle}>
          {brand.loginTitle}
        </span>
      )}
    </div>
  );
}

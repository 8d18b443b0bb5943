import { type ReactNode, useEffect, useState } from 'react';
import { Logo } from '../../../shared/brand/Logo';
import { useBrand, useFavicon } from '../../../shared/brand/useBrand';
import { LanguageSelect } from '../../../shared/i18n/LanguageSelect';
import { scaledFontSize } from '../scale';
import { FarmIllustration } from './FarmIllustration';
import './auth.css';

const useScaledFontSize = (): number => {
  const [size, setSize] = useState(() => scaledFontSize(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(scaledFontSize(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
};

/** The frame of the sign-in, registration and forgot-password screens: brand panel and form card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { brand } = useBrand();
  const fontSize = useScaledFontSize();
  useFavicon(brand.favicon);

  return (
    <div className="tl-auth" style={{ ['--tl-auth-unit' as string]: `${fontSize}px` }}>
      <aside className="tl-auth__brand" style={{ background: brand.loginBackgroundColor || undefined }}>
        <div className="tl-auth__logo">
          <Logo src={brand.loginLogo} size={44} alt={brand.loginTitle} />
          {brand.titleLoginLogo ? (
            <img className="tl-auth__title-logo" src={brand.titleLoginLogo} alt={brand.loginTitle} />
          ) : (
            <span>{brand.loginTitle}</span>
          )}
        </div>
        {brand.subTitle ? (
          <div className="tl-auth__headline">
            <h1>{brand.subTitle}</h1>
          </div>
        ) : null}
        <div className="tl-auth__art">
          {brand.loginImage ? <img src={brand.loginImage} alt="" /> : <FarmIllustration />}
        </div>
        <footer className="tl-auth__copyright">{brand.copyright}</footer>
      </aside>
      <main className="tl-auth__main">
        <div className="tl-auth__lang">
          <LanguageSelect />
        </div>
        <div className="tl-auth__mobile-logo" style={{ color: brand.loginBackgroundColor || undefined }}>
          <Logo src={brand.loginLogo} size={36} alt={brand.loginTitle} />
          <span>{brand.loginTitle}</span>
        </div>
        <div className="tl-auth__card">{children}</div>
        <footer className="tl-auth__mobile-copyright">{brand.copyright}</footer>
      </main>
    </div>
  );
}

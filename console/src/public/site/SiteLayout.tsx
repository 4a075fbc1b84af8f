import type { ReactNode } from 'react';
import { en } from '../../i18n/en';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import site from './site.module.css';

/** The public site's frame: a skip link, the top bar, the page's main landmark and the footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className={site.site}>
      <a href="#main-content" className={site.skipLink}>
        {en.app.landing.nav.skipToContent}
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className={site.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

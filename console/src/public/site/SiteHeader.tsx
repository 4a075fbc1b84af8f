import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { en } from '../../i18n/en';
import { Brand } from '../Brand';
import { MobileMenu } from './MobileMenu';
import { SectionLink } from './SectionLink';
import { useHeaderScrollState } from './useHeaderScrollState';
import { UserMenu } from './UserMenu';
import site from './site.module.css';
import styles from './SiteHeader.module.css';

const texts = en.app.landing.nav;

/**
 * The public site's sticky top bar: transparent over the page's top, white and blurred once
 * scrolled, out of the way while the visitor scrolls down. Phones get a menu button instead of the links.
 */
export function SiteHeader() {
  const { user, loading, logout } = useSession();
  const navigate = useNavigate();
  const { solid, hidden } = useHeaderScrollState();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const userLabel = user ? user.employeeName || user.email : null;

  function handleLogout() {
    setMobileMenuOpen(false);
    logout();
    navigate('/');
  }

  const headerClassName = [
    styles.header,
    (solid || mobileMenuOpen) && styles.solid,
    hidden && !mobileMenuOpen && styles.hidden,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <header className={headerClassName}>
      <div className={`${site.container} ${styles.bar}`}>
        <Brand />
        <nav aria-label={texts.label} className={styles.links}>
          <SectionLink section="features" className={site.quiet}>
            {texts.features}
          </SectionLink>
          <SectionLink section="pricing" className={site.quiet}>
            {texts.pricing}
          </SectionLink>
        </nav>
        <div className={styles.account} aria-busy={loading}>
          {userLabel ? (
            <>
              <Link to="/dashboard" className={site.primary}>
                {texts.dashboard}
              </Link>
              <UserMenu label={userLabel} onLogout={handleLogout} />
            </>
          ) : (
            !loading && (
              <Link to="/login" className={site.primary}>
                {texts.signIn}
              </Link>
            )
          )}
        </div>
        <MobileMenu
          open={mobileMenuOpen}
          onOpenChange={setMobileMenuOpen}
          userLabel={userLabel}
          loading={loading}
          onLogout={handleLogout}
        />
      </div>
    </header>
  );
}

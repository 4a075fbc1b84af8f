import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { en, formatText } from '../../i18n/en';
import { CloseIcon, MenuIcon } from './icons';
import { SectionLink } from './SectionLink';
import site from './site.module.css';
import styles from './SiteHeader.module.css';

const texts = en.app.landing.nav;
const PANEL_ID = 'site-mobile-menu';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userLabel: string | null;
  loading: boolean;
  onLogout: () => void;
}

/** The top bar's menu under the mobile breakpoint: Features, Pricing, then Sign In, or Dashboard and Logout. */
export function MobileMenu({ open, onOpenChange, userLabel, loading, onLogout }: MobileMenuProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onOpenChange(false);
      buttonRef.current?.focus();
    };
    const closeOnPointerOutside = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) onOpenChange(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOnPointerOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOnPointerOutside);
    };
  }, [open, onOpenChange]);

  const close = () => onOpenChange(false);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-label={texts.menu}
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {open && (
        <div id={PANEL_ID} ref={panelRef} className={styles.mobilePanel}>
          <nav aria-label={texts.label} className={styles.mobileLinks}>
            <SectionLink section="features" className={styles.mobileLink} onFollow={close}>
              {texts.features}
            </SectionLink>
            <SectionLink section="pricing" className={styles.mobileLink} onFollow={close}>
              {texts.pricing}
            </SectionLink>
          </nav>
          <div className={styles.mobileAccount}>
            {userLabel ? (
              <>
                <p className={styles.signedInAs}>{formatText(texts.signedInAs, { name: userLabel })}</p>
                <Link to="/dashboard" className={site.primary} onClick={close}>
                  {texts.dashboard}
                </Link>
                <button type="button" className={site.secondary} onClick={onLogout}>
                  {texts.logout}
                </button>
              </>
            ) : (
              !loading && (
                <Link to="/login" className={site.primary} onClick={close}>
                  {texts.signIn}
                </Link>
              )
            )}
          </div>
        </div>
      )}
    </>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { en } from '../../i18n/en';
import { ChevronDownIcon } from './icons';
import styles from './SiteHeader.module.css';

const texts = en.app.landing.nav;

interface UserMenuProps {
  /** The signed-in user's name, or the e-mail when there is none; it labels the menu. */
  label: string;
  onLogout: () => void;
}

/** The signed-in user's menu (WAI-ARIA menu button): Dashboard and Logout. */
export function UserMenu({ label, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const closeOnPointerOutside = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnPointerOutside);
    return () => document.removeEventListener('pointerdown', closeOnPointerOutside);
  }, [open]);

  function closeAndReturnFocus() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = menuItems(menuRef.current);
    const current = items.findIndex((item) => item === document.activeElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    const keyActions: Record<string, () => void> = {
      ArrowDown: () => focusAt(current + 1),
      ArrowUp: () => focusAt(current - 1),
      Home: () => focusAt(0),
      End: () => focusAt(items.length - 1),
      Escape: closeAndReturnFocus,
    };
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const action = keyActions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  return (
    <div className={styles.userMenu}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.userButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {label.charAt(0).toUpperCase()}
        </span>
        <span className={styles.userName}>{label}</span>
        <ChevronDownIcon />
      </button>
      {open && (
        <ul
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={label}
          className={styles.menu}
          onKeyDown={handleMenuKeyDown}
        >
          <li role="none">
            <Link role="menuitem" to="/dashboard" className={styles.menuItem} onClick={() => setOpen(false)}>
              {texts.dashboard}
            </Link>
          </li>
          <li role="none">
            <button
              role="menuitem"
              type="button"
              className={styles.menuItem}
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              {texts.logout}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
}

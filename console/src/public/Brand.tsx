import { Link } from 'react-router';
import { en } from '../i18n/en';
import styles from './Brand.module.css';

/** The logo and product name, linking home. Inline SVG, so the top bar paints without another request. */
export function Brand() {
  return (
    <Link to="/" className={styles.brand}>
      <TeamfolkLogo />
      {en.app.name}
    </Link>
  );
}

function TeamfolkLogo() {
  return (
    <svg className={styles.logo} width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1f4e8c" />
      <circle cx="12" cy="12" r="4.5" fill="#fff" />
      <circle cx="21" cy="13" r="3.5" fill="#9fc3f0" />
      <path d="M4.5 26c.8-5 4-7.5 7.5-7.5s6.7 2.5 7.5 7.5z" fill="#fff" />
      <path d="M17.5 19.2c1-.7 2.2-1.1 3.5-1.1 3 0 5.6 2.2 6.3 6.9h-8.1c-.3-2.2-.9-4.1-1.7-5.8z" fill="#9fc3f0" />
    </svg>
  );
}

import { Link } from 'react-router';
import { en, formatText } from '../../i18n/en';
import { Brand } from '../Brand';
import { LEGAL_PAGES } from '../legal/legalPages';
import { SectionLink } from './SectionLink';
import site from './site.module.css';
import styles from './SiteFooter.module.css';

const texts = en.app.landing;

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`${site.container} ${styles.columns}`}>
        <div className={styles.about}>
          <div className={styles.brand}>
            <Brand />
          </div>
          <p className={styles.tagline}>{texts.footer.tagline}</p>
        </div>
        <nav aria-labelledby="footer-product" className={styles.column}>
          <h2 id="footer-product" className={styles.heading}>
            {texts.footer.productHeading}
          </h2>
          <ul className={styles.list}>
            <li>
              <SectionLink section="features" className={styles.link}>
                {texts.nav.features}
              </SectionLink>
            </li>
            <li>
              <SectionLink section="pricing" className={styles.link}>
                {texts.nav.pricing}
              </SectionLink>
            </li>
            <li>
              <Link to="/login" className={styles.link}>
                {texts.nav.signIn}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal" className={styles.column}>
          <h2 id="footer-legal" className={styles.heading}>
            {texts.footer.legalHeading}
          </h2>
          <ul className={styles.list}>
            {LEGAL_PAGES.map(({ path, title }) => (
              <li key={path}>
                <Link to={path} className={styles.link}>
                  {title}
                </Link>
              </li>
            ))}
            <li className={styles.item}>{texts.footer.security}</li>
          </ul>
        </nav>
      </div>
      <div className={site.container}>
        <p className={styles.copyright}>{formatText(texts.footer.copyright, { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

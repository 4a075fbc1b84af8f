import { Link } from 'react-router';
import { ArrowRightIcon } from '../site/icons';
import { scrollToSection } from '../site/scrollToSection';
import site from '../site/site.module.css';
import styles from './landing.module.css';
import { landingContent } from './landingContent';

const texts = landingContent.hero;

export function HeroSection() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`${site.container} ${styles.heroInner}`}>
        <p className={styles.heroEyebrow}>{texts.eyebrow}</p>
        <h1 id="hero-title" className={styles.heroTitle}>
          {texts.title} <span className={styles.heroHighlight}>{texts.titleHighlight}</span>
        </h1>
        <p className={styles.heroSubtitle}>{texts.subtitle}</p>
        <div className={styles.heroActions}>
          <Link to="/login" className={`${site.primary} ${site.large}`}>
            {texts.getStarted}
            <ArrowRightIcon />
          </Link>
          <button
            type="button"
            className={`${site.secondary} ${site.large}`}
            onClick={() => scrollToSection('features')}
          >
            {texts.learnMore}
          </button>
        </div>
        <p className={styles.reassurance}>{texts.reassurance}</p>
      </div>
    </section>
  );
}

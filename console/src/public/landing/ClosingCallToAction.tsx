import { Link } from 'react-router';
import { ArrowRightIcon } from '../site/icons';
import site from '../site/site.module.css';
import styles from './landing.module.css';
import { landingContent } from './landingContent';

const texts = landingContent.closing;

export function ClosingCallToAction() {
  return (
    <section className={styles.closing} aria-labelledby="closing-title">
      <div className={site.container}>
        <div className={styles.closingInner}>
          <h2 id="closing-title" className={styles.closingTitle}>
            {texts.title}
          </h2>
          <p className={styles.closingText}>{texts.text}</p>
          <Link to="/login" className={`${site.button} ${site.large} ${styles.closingButton}`}>
            {texts.cta}
            <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </section>
  );
}

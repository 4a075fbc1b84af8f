import { Link } from 'react-router';
import { CheckIcon } from '../site/icons';
import site from '../site/site.module.css';
import { Section } from './Section';
import styles from './landing.module.css';
import { landingContent } from './landingContent';

const texts = landingContent.pricing;

export function PricingSection() {
  return (
    <Section name="pricing" linkedFromMenu eyebrow={texts.eyebrow} title={texts.title} text={texts.subtitle}>
      <div className={styles.pricingCard}>
        <div className={styles.pricingPlan}>
          <h3 className={styles.planName}>{texts.planName}</h3>
          <p className={styles.price}>
            <span className={styles.priceAmount}>{texts.price}</span>{' '}
            <span className={styles.priceUnit}>{texts.priceUnit}</span>
          </p>
          <p className={styles.planNote}>{texts.billing}</p>
          <ul aria-label={texts.promisesLabel} className={styles.promises}>
            {texts.promises.map((promise) => (
              <li key={promise} className={styles.promise}>
                <CheckIcon size={16} />
                {promise}
              </li>
            ))}
          </ul>
          <Link to="/login" className={`${site.primary} ${site.large} ${styles.pricingCta}`}>
            {texts.cta}
          </Link>
          <p className={styles.planExample}>{texts.example}</p>
        </div>
        <div className={styles.pricingIncluded}>
          <h3 className={styles.includedHeading}>{texts.includedHeading}</h3>
          <ul className={styles.includedList}>
            {texts.included.map((item) => (
              <li key={item} className={styles.includedItem}>
                <span className={styles.includedCheck}>
                  <CheckIcon size={16} />
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}

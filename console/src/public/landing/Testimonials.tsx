import { formatText } from '../../i18n/en';
import { StarIcon } from '../site/icons';
import { Section } from './Section';
import styles from './landing.module.css';
import { landingContent } from './landingContent';

const texts = landingContent.testimonials;
const MAX_RATING = 5;

export function Testimonials() {
  return (
    <Section name="testimonials" tinted eyebrow={texts.eyebrow} title={texts.title}>
      <ul className={styles.testimonialGrid}>
        {texts.items.map(({ name, role, company, rating, text }) => (
          <li key={name} className={styles.testimonialCard}>
            <figure className={styles.testimonial}>
              <span role="img" aria-label={formatText(texts.rating, { rating })} className={styles.stars}>
                {Array.from({ length: MAX_RATING }, (_, index) => (
                  <StarIcon key={index} filled={index < rating} />
                ))}
              </span>
              <blockquote className={styles.quote}>
                <p>“{text}”</p>
              </blockquote>
              <figcaption className={styles.person}>
                <span className={styles.personAvatar} aria-hidden="true">
                  {initials(name)}
                </span>
                <span className={styles.personText}>
                  <span className={styles.personName}>{name}</span>
                  <span className={styles.personRole}>
                    {role}, {company}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);
}

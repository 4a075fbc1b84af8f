import { CalendarCheckIcon, CalendarSyncIcon, ChartIcon, PeopleIcon, ShieldIcon, SparkIcon } from '../site/icons';
import { Section } from './Section';
import styles from './landing.module.css';
import { landingContent } from './landingContent';

const texts = landingContent.features;

const features = [
  { key: 'employees', Icon: PeopleIcon },
  { key: 'leave', Icon: CalendarCheckIcon },
  { key: 'calendar', Icon: CalendarSyncIcon },
  { key: 'reports', Icon: ChartIcon },
  { key: 'security', Icon: ShieldIcon },
  { key: 'easy', Icon: SparkIcon },
] as const;

export function FeatureCards() {
  return (
    <Section name="features" linkedFromMenu eyebrow={texts.eyebrow} title={texts.title} text={texts.subtitle}>
      <ul className={styles.featureGrid}>
        {features.map(({ key, Icon }) => {
          const feature = texts.items[key];
          return (
            <li key={key} className={styles.featureCard}>
              <span className={styles.featureIcon}>
                <Icon />
              </span>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{feature.text}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

import site from '../site/site.module.css';
import styles from './landing.module.css';
import { landingContent } from './landingContent';

const texts = landingContent.stats;

export function StatTiles() {
  return (
    <section className={styles.stats} aria-label={texts.label}>
      <ul className={`${site.container} ${styles.statList}`}>
        {texts.items.map(({ value, label }) => (
          <li key={label} className={styles.statTile}>
            <span className={styles.statValue}>{value}</span> <span className={styles.statLabel}>{label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

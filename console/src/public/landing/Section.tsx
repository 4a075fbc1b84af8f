import type { ReactNode } from 'react';
import site from '../site/site.module.css';
import type { LandingSection } from '../site/scrollToSection';
import styles from './landing.module.css';

interface SectionProps {
  /** Names the section's heading; a section the site's menu links to is also its anchor. */
  name: LandingSection | 'calendar' | 'testimonials';
  linkedFromMenu?: boolean;
  tinted?: boolean;
  eyebrow: string;
  title: string;
  text?: string;
  children: ReactNode;
}

/**
 * A section of the landing page, opened by its eyebrow, h2 and lead paragraph. One the menu links to
 * takes the focus when scrolled to.
 */
export function Section({
  name,
  linkedFromMenu = false,
  tinted = false,
  eyebrow,
  title,
  text,
  children,
}: SectionProps) {
  const titleId = `${name}-title`;
  return (
    <section
      id={linkedFromMenu ? name : undefined}
      tabIndex={linkedFromMenu ? -1 : undefined}
      className={tinted ? `${styles.section} ${styles.tinted}` : styles.section}
      aria-labelledby={titleId}
    >
      <div className={site.container}>
        <div className={styles.sectionHeading}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h2 id={titleId} className={styles.sectionTitle}>
            {title}
          </h2>
          {text && <p className={styles.sectionText}>{text}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

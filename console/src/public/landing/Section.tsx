import styles from './landing.module.css';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  text?: string;
}

/** The eyebrow, h2 and lead paragraph that open each landing-page section; `id` names the section. */
export function SectionHeading({ id, eyebrow, title, text }: SectionHeadingProps) {
  return (
    <div className={styles.sectionHeading}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {text && <p className={styles.sectionText}>{text}</p>}
    </div>
  );
}

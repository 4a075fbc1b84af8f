import { Section } from './Section';
import styles from './landing.module.css';
import { landingContent } from './landingContent';

const texts = landingContent.calendar;

/** The product's calendar screen as an example: an SVG drawn from the real screen's layout, crisp at every width. */
export function CalendarShowcase() {
  return (
    <Section name="calendar" eyebrow={texts.eyebrow} title={texts.title} text={texts.text}>
      <figure className={styles.showcase}>
        <div className={styles.windowBar} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <img
          className={styles.showcaseImage}
          src="/images/calendar-example.svg"
          alt={texts.imageAlt}
          width="1200"
          height="724"
          loading="lazy"
          decoding="async"
        />
      </figure>
    </Section>
  );
}

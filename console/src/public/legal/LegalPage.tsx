import { Link, useLocation } from 'react-router';
import { en } from '../../i18n/en';
import { PageMeta } from '../site/PageMeta';
import site from '../site/site.module.css';
import { SiteLayout } from '../site/SiteLayout';
import type { LegalBlock, LegalDocument } from './LegalDocument';
import { LEGAL_PAGES } from './legalPages';
import styles from './LegalPage.module.css';
import { sharedLegalContent as shared } from './sharedLegalContent';

const texts = en.app.legal;
const RIGHTS_SECTION_ID = 'your-rights';
const CONTACT_SECTION_ID = 'contact';

/** Renders one legal document with what every legal page shares: the date, the GDPR rights and the contacts. */
export function LegalPage({ document: legalDocument }: { document: LegalDocument }) {
  const { pathname } = useLocation();
  const tableOfContents = [
    ...legalDocument.sections.map(({ id, heading }) => ({ id, heading })),
    { id: RIGHTS_SECTION_ID, heading: shared.rightsHeading },
    { id: CONTACT_SECTION_ID, heading: shared.contactHeading },
  ];

  return (
    <SiteLayout>
      <PageMeta title={`${legalDocument.title} · ${en.app.name}`} description={legalDocument.description} />
      <header className={styles.intro}>
        <div className={site.container}>
          <h1 className={styles.title}>{legalDocument.title}</h1>
          <p className={styles.updated}>{shared.lastUpdated}</p>
          <p className={styles.summary}>{legalDocument.summary}</p>
        </div>
      </header>
      <div className={`${site.container} ${styles.layout}`}>
        <nav aria-labelledby="legal-contents" className={styles.contents}>
          <h2 id="legal-contents" className={styles.contentsHeading}>
            {texts.onThisPage}
          </h2>
          <ol className={styles.contentsList}>
            {tableOfContents.map(({ id, heading }) => (
              <li key={id}>
                <a href={`#${id}`} className={styles.contentsLink}>
                  {heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className={styles.article}>
          {legalDocument.sections.map(({ id, heading, content }) => (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className={styles.section}>
              <h2 id={`${id}-heading`} className={styles.sectionHeading}>
                {heading}
              </h2>
              {content.map((block, index) => (
                <LegalBlockView key={index} block={block} />
              ))}
            </section>
          ))}
          <section id={RIGHTS_SECTION_ID} aria-labelledby="rights-heading" className={styles.section}>
            <h2 id="rights-heading" className={styles.sectionHeading}>
              {shared.rightsHeading}
            </h2>
            <p>{shared.rightsIntro}</p>
            <ul className={styles.rights}>
              {shared.rights.map(({ name, text }) => (
                <li key={name}>
                  <strong>{name}</strong>: {text}
                </li>
              ))}
            </ul>
            <p>{shared.rightsHowTo}</p>
          </section>
          <section id={CONTACT_SECTION_ID} aria-labelledby="contact-heading" className={styles.section}>
            <h2 id="contact-heading" className={styles.sectionHeading}>
              {shared.contactHeading}
            </h2>
            <p>{shared.contactIntro}</p>
            <dl className={styles.contacts}>
              {shared.contacts.map(({ label, email }) => (
                <div key={email} className={styles.contact}>
                  <dt>{label}</dt>
                  <dd>
                    <a href={`mailto:${email}`}>{email}</a>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <nav aria-labelledby="legal-other" className={styles.otherDocuments}>
            <h2 id="legal-other" className={styles.otherHeading}>
              {texts.otherDocuments}
            </h2>
            <ul className={styles.otherList}>
              {LEGAL_PAGES.filter(({ path }) => path !== pathname).map(({ path, title }) => (
                <li key={path}>
                  <Link to={path} className={styles.otherLink}>
                    {title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </article>
      </div>
    </SiteLayout>
  );
}

function LegalBlockView({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul>
      {block.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

import { en } from '../../i18n/en';

export type LegalPageKey = keyof typeof en.app.legal.titles;

/** The four legal pages, in the order the footer and the legal pages list them. */
export const LEGAL_PAGES: readonly { key: LegalPageKey; path: string; title: string }[] = [
  { key: 'privacyPolicy', path: '/privacy-policy', title: en.app.legal.titles.privacyPolicy },
  { key: 'termsOfService', path: '/terms-of-service', title: en.app.legal.titles.termsOfService },
  { key: 'cookiePolicy', path: '/cookie-policy', title: en.app.legal.titles.cookiePolicy },
  { key: 'gdpr', path: '/gdpr', title: en.app.legal.titles.gdpr },
];

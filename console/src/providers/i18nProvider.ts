import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations } from 'react-admin';
import { en } from '../i18n/en';

export const i18nProvider = polyglotI18nProvider(() => mergeTranslations(englishMessages, en), 'en', [
  { locale: 'en', name: 'English' },
]);

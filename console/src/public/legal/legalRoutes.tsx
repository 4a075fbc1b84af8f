import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { LegalDocument } from './LegalDocument';
import { LEGAL_PAGES, type LegalPageKey } from './legalPages';

/** Each document is its own chunk, loaded with the shared legal page only when a visitor opens it. */
const documentLoaders: Record<LegalPageKey, () => Promise<LegalDocument>> = {
  privacyPolicy: () => import('./privacyPolicy').then((module) => module.privacyPolicy),
  termsOfService: () => import('./termsOfService').then((module) => module.termsOfService),
  cookiePolicy: () => import('./cookiePolicy').then((module) => module.cookiePolicy),
  gdpr: () => import('./gdpr').then((module) => module.gdpr),
};

function lazyLegalPage(loadDocument: () => Promise<LegalDocument>): ComponentType {
  return lazy(async () => {
    const [{ LegalPage }, legalDocument] = await Promise.all([import('./LegalPage'), loadDocument()]);
    return { default: () => <LegalPage document={legalDocument} /> };
  });
}

export const legalRoutes: RouteObject[] = LEGAL_PAGES.map(({ key, path }) => {
  const Page = lazyLegalPage(documentLoaders[key]);
  return { path, element: <Page /> };
});

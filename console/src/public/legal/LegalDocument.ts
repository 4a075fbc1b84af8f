/** A paragraph, or a bulleted list when it is an array of items. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  /** The section's anchor in the page's table of contents. */
  id: string;
  heading: string;
  content: readonly LegalBlock[];
}

/**
 * One legal page's own content. The date, the GDPR rights and the contact details are the same on
 * every legal page and come from the `legal` texts, so they are written once.
 */
export interface LegalDocument {
  title: string;
  /** The page's meta description. */
  description: string;
  summary: string;
  sections: readonly LegalSection[];
}

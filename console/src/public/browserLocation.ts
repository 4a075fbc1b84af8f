/** Where the browser says it is, as a new company's calendar settings start from it. */
export interface BrowserLocation {
  /** The IANA time zone the browser runs in, e.g. Europe/Berlin. */
  timeZone?: string;
  /** The country of the browser's language when it names one (en-US: US); none for 'de' or 'es-419'. */
  country?: string;
}

export function countryOfLanguage(languageTag: string): string | undefined {
  try {
    const { region } = new Intl.Locale(languageTag);
    return region && /^[A-Z]{2}$/.test(region) ? region : undefined;
  } catch {
    return undefined;
  }
}

export function browserLocation(): BrowserLocation {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const country = countryOfLanguage(navigator.language);
  return { ...(timeZone && { timeZone }), ...(country && { country }) };
}

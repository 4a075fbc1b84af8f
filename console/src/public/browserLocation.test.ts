import { countryOfLanguage } from './browserLocation';

describe("a company's country from the browser's language", () => {
  it.each([
    ['en-US', 'US'],
    ['pt-BR', 'BR'],
    ['de-DE', 'DE'],
    ['zh-Hant-TW', 'TW'],
    ['en-gb', 'GB'],
  ])('is the region the language names: %s gives %s', (language, country) => {
    expect(countryOfLanguage(language)).toBe(country);
  });

  it.each(['de', 'en', 'es-419', 'not a language', ''])(
    'is not guessed when the language names no country: %j',
    (language) => {
      expect(countryOfLanguage(language)).toBeUndefined();
    },
  );
});

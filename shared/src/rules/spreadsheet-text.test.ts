import { spreadsheetText } from './spreadsheet-text';

describe(spreadsheetText.name, () => {
  it('should keep a formula as text with a leading quote', () => {
    expect(spreadsheetText('=HYPERLINK("http://evil.example","x")')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(spreadsheetText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetText('+1+2')).toBe("'+1+2");
  });

  it('should leave names and plain numbers, negative ones included, as they are', () => {
    expect(spreadsheetText('Ana Lopez')).toBe('Ana Lopez');
    expect(spreadsheetText('-2.5')).toBe('-2.5');
  });
});

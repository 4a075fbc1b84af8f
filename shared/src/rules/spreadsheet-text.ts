/** A cell a spreadsheet would run as a formula (CWE-1236). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, as Postgres writes a numeric: a negative balance is a number, not a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Text for a CSV or XLSX cell: one a spreadsheet would run as a formula is kept as text with a leading quote. */
export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

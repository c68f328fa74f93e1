/** A spreadsheet's formula start (OWASP's list) at the start of a cell, behind any spaces or quotes. */
const formulaStart = /^[\s"]*[=+\-@]|^[\t\r]/;
/** A number of the product's own (a count, a money column's decimal) at a cell's start, and where it ends. */
const numberStart = /^-?\d+(?:\.\d+)?(?:,|$)/;

/**
 * The cells of `csv` a spreadsheet could run as a formula, whatever separator it splits at (`,`, `;` as Excel in
 * az-AZ and ru-RU, tab) and whether or not it honours the quotes (issue 56): each line and each separator is read
 * naively, so every place a reader might start a cell is looked at. Empty when the file is safe.
 */
export function liveFormulaCells(csv: string): string[] {
  const found: string[] = [];
  for (const separator of [',', ';', '\t']) {
    for (const line of csv.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
      for (const piece of line.split(separator)) {
        if (!formulaStart.test(piece)) continue;
        // A number cell of the product's own ("-5.00") is a number, not a formula.
        if (separator === ',' ? /^-?\d+(?:\.\d+)?$/.test(piece) : numberStart.test(piece)) continue;
        found.push(`${JSON.stringify(separator)}: ${piece}`);
      }
    }
  }
  return found;
}

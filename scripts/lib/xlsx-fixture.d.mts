/** A minimal .xlsx of one sheet of text cells, the first row the header. */
export function xlsxOf(rows: readonly (readonly string[])[]): Buffer;

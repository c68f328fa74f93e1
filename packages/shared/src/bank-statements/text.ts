/**
 * A bank statement's texts as they are kept and shown (issue 56): at most 140 characters, as ISO 20022's Max140Text,
 * with no bidirectional controls (U+202E and kin reorder what a reader sees: a reason or a payer's name must read as
 * written) and no control characters. Used by the statement readers and by a person's resolution reason.
 */
export const bankTextMaxLength = 140;

/** The bidirectional controls: embeddings, overrides and isolates, the marks (LRM, RLM, ALM). */
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** C0 and C1 controls and DEL: a statement's field is one line. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const controls = /[\u0000-\u001F\u007F-\u009F]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(bidiControls, '');
}

/** A statement's text field: one line, no bidi controls, trimmed, at most 140 characters (code points). */
export function statementText(text: string): string {
  // A field of megabytes is cut before any work on it: 140 characters are kept in any case.
  const clean = withoutBidiControls(text.slice(0, 8 * bankTextMaxLength))
    .replace(controls, ' ')
    .trim();
  const characters = Array.from(clean);
  return characters.length > bankTextMaxLength ? characters.slice(0, bankTextMaxLength).join('').trimEnd() : clean;
}

/**
 * A bank statement's texts as they are kept and shown (issue 56): at most 140 characters, as ISO 20022's Max140Text,
 * with no bidirectional controls (U+202E and kin reorder what a reader sees: a reason or a payer's name must read as
 * written), no invisible characters (a zero-width space makes `DEMO-0001` another text that looks the same) and no
 * control characters. Used by the statement readers and by a person's resolution reason.
 */
export const bankTextMaxLength = 140;

/**
 * The bidirectional controls (embeddings, overrides and isolates, the marks LRM, RLM, ALM) and the invisible ones:
 * soft hyphen, Mongolian vowel separator, zero-width space, non-joiner and joiner, word joiner and the invisible
 * operators, the byte order mark.
 */
const hiddenCharacters = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** C0 and C1 controls and DEL: a statement's field is one line. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const controls = /[\u0000-\u001F\u007F-\u009F]/g;

export function withoutHiddenCharacters(text: string): string {
  return text.replace(hiddenCharacters, '');
}

/** A statement's text field: one line, no bidi controls or invisible characters, trimmed, at most 140 characters (code points). */
export function statementText(text: string): string {
  // A field of megabytes is cut before any work on it: 140 characters are kept in any case.
  const clean = withoutHiddenCharacters(text.slice(0, 8 * bankTextMaxLength))
    .replace(controls, ' ')
    .trim();
  const characters = Array.from(clean);
  return characters.length > bankTextMaxLength ? characters.slice(0, bankTextMaxLength).join('').trimEnd() : clean;
}

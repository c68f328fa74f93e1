/**
 * A bank statement's texts as they are kept and shown (issue 56): at most 140 characters, as ISO 20022's Max140Text,
 * with no bidirectional controls (U+202E and kin reorder what a reader sees: a reason or a payer's name must read as
 * written), no invisible characters (a zero-width space makes `DEMO-0001` another text that looks the same) and no
 * control characters. Used by the statement readers and by a person's resolution reason.
 */
export const bankTextMaxLength = 140;

/**
 * Every default-ignorable code point of Unicode: the bidirectional controls (embeddings, overrides, isolates, LRM, RLM,
 * ALM), the soft hyphen, zero-width space, joiners, word joiner, invisible operators and the byte order mark, and the
 * fillers, variation selectors, tags and the combining grapheme joiner (a Hangul filler after `DEMO-3` made the same
 * statement look new). None of them is seen, so none of them may tell two texts apart.
 */
const hiddenCharacters = /\p{Default_Ignorable_Code_Point}/gu;
/** C0 and C1 controls, DEL and the line and paragraph separators: a statement's field is one line. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const controls = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

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

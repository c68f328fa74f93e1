-- Azerbaijani text without ICU collations (PGlite has none): the SQL twins of packages/shared/src/text/az.ts.
-- IMMUTABLE and deterministic, so expression indexes (trigram on az_fold, btree on az_sort_key) can use them.
-- Case mapping beyond the Azerbaijani letters comes from the database's UTF-8 ctype (C.UTF-8, en_US.UTF-8, ...).

-- azLower: I -> ı and İ -> i first (Azerbaijani casing), the Azerbaijani capitals explicitly, then lower().
CREATE FUNCTION az_lower(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(
    translate(value, U&'I\0130\00C7\018F\011E\00D6\015E\00DC', U&'\0131i\00E7\0259\011F\00F6\015F\00FC') COLLATE "default"
  );
--> statement-breakpoint

-- azSearchKey: lower case, decomposed (NFD) with the combining marks U+0300..U+036F dropped, ı -> i, ə -> e,
-- every run of JavaScript whitespace as one space, trimmed. "İsmayıllı" and "ISMAYILLI" both give "ismayilli".
CREATE FUNCTION az_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN btrim(
    regexp_replace(
      translate(regexp_replace(normalize(az_lower(value), NFD), U&'[\0300-\036F]+', '', 'g'), U&'\0131\0259', 'ie'),
      U&'[\0009-\000D\0020\00A0\1680\2000-\200A\2028\2029\202F\205F\3000\FEFF]+',
      ' ',
      'g'
    ),
    ' '
  );
--> statement-breakpoint

-- azCompare as a key: lower case, and the 32 letters of the alphabet (a b c ç d e ə f g ğ h x ı i j k q l m n o ö
-- p r s ş t u ü v y z) moved, in that order, to U+10FFC0..U+10FFDF, above every other character. Compared byte by
-- byte (COLLATE "C"), keys order text as azCompare does: other characters first by code point, then the letters.
CREATE FUNCTION az_sort_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN translate(
    az_lower(value),
    U&'abc\00E7de\0259fg\011Fhx\0131ijkqlmno\00F6prs\015Ftu\00FCvyz',
    U&'\+10FFC0\+10FFC1\+10FFC2\+10FFC3\+10FFC4\+10FFC5\+10FFC6\+10FFC7\+10FFC8\+10FFC9\+10FFCA\+10FFCB\+10FFCC\+10FFCD\+10FFCE\+10FFCF\+10FFD0\+10FFD1\+10FFD2\+10FFD3\+10FFD4\+10FFD5\+10FFD6\+10FFD7\+10FFD8\+10FFD9\+10FFDA\+10FFDB\+10FFDC\+10FFDD\+10FFDE\+10FFDF'
  );

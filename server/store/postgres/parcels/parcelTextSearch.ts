/**
 * The parcel text index of the PostgreSQL adapter, with the rules of SQLite's FTS5 index (`unicode61
 * remove_diacritics 2`, migration 20/23): a token is a run of letters and digits, folded to lower case
 * without diacritics; every query word is a prefix phrase ("st.gall" = "st" then a word starting "gall",
 * in the same column), all words must match. The writer folds and splits the text itself rather than
 * leaving it to a PostgreSQL text-search configuration, whose parser keeps hyphenated words, e-mail
 * addresses and file names whole: the same words then find the same parcels on both adapters.
 */

/** Combining marks NFD splits off accented letters (the Latin, Greek and Cyrillic ones). */
const DIACRITIC = /[\u0300-\u036f]/g;

/** A letter (it has a case, after lower-casing: an upper-case form) or a digit. */
const isTokenChar = (c: string) =>
  (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c > '\u007f' && c.toUpperCase() !== c);

/** Positions per column: a phrase never runs from one column into the next (tsvector positions ≤ 16383). */
const COLUMN_STRIDE = 1000;

/** The tokens of a text as FTS5's unicode61 tokenizer makes them with remove_diacritics 2. */
export function foldedTokens(text: string): string[] {
  const tokens: string[] = [];
  let token = '';
  for (const c of text.normalize('NFD').replace(DIACRITIC, '').toLowerCase()) {
    if (isTokenChar(c)) token += c;
    else if (token) {
      tokens.push(token);
      token = '';
    }
  }
  if (token) tokens.push(token);
  return tokens;
}

const lexeme = (token: string) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A tsvector literal of the columns' tokens (address, street, municipality, parcel number, EGRID), each
 * column at its own position range.
 */
export function parcelTextVector(columns: readonly string[]): string {
  const parts: string[] = [];
  columns.forEach((text, column) => {
    foldedTokens(text)
      .slice(0, COLUMN_STRIDE - 1)
      .forEach((token, i) => parts.push(`${lexeme(token)}:${column * COLUMN_STRIDE + i + 1}`));
  });
  return parts.join(' ');
}

/**
 * The tsquery of the query's words (textTerms' `words`): each word a phrase of its tokens, the last one a
 * prefix; null when no word has a token — FTS5 drops an empty phrase, and a query of empty phrases only
 * matches nothing.
 */
export function parcelTextQuery(words: readonly string[]): string | null {
  const phrases = words
    .map(foldedTokens)
    .filter((tokens) => tokens.length > 0)
    .map((tokens) =>
      tokens.map((t, i) => (i === tokens.length - 1 ? `${lexeme(t)}:*` : lexeme(t))).join(' <-> '),
    );
  return phrases.length > 0 ? phrases.map((p) => `(${p})`).join(' & ') : null;
}

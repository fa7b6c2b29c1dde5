/**
 * Word boundaries that know accented letters. JavaScript's `\b` takes only ASCII letters, digits
 * and `_` for word characters, even with the `u` flag, so `\bTEL\b` matches the end of
 * `Neuchâtel` and of `Hôtel`, and `\bST\b` the end of `Brést`.
 */
const WORD = '[\\p{L}\\p{M}\\p{N}_]';
const BOUNDARY = `(?:(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD}))`;

/** `re` with every `\b` a boundary between any letter or digit and anything else (`u` flag added). */
export function unicodeWords(re: RegExp): RegExp {
  return new RegExp(re.source.replace(/(?<!\\)\\b/g, BOUNDARY), re.flags.includes('u') ? re.flags : `${re.flags}u`);
}
